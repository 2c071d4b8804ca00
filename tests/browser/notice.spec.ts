import type { Page } from '@playwright/test';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { setProcessOwner } from '../helpers/processes.ts';
import { startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';
import { expect, test } from './fixtures.ts';

// The site notice as a visitor meets it: a band above the header, over the home page's hero and a themed
// page, at a narrow phone, a phone and a desktop. An editor sets it through the content service's edit
// route, whose save reaches the site through the webhook.

const API_KEY = 'notice-test-key';
const ADMIN_KEY = 'notice-admin-key';
const SECRET = 'notice-test-revalidate-secret';
const TEXT = 'Het register is zaterdag 5 december van 8.00 tot 12.00 uur niet bereikbaar door onderhoud.';

let service: ContentService;
let site: RunningSite;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  setProcessOwner(testInfo.file);
  service = await startContentService({ apiKey: API_KEY, previewToken: 'notice-preview', adminKey: ADMIN_KEY });
  site = await startSite({ CMS_API_URL: service.apiUrl, CMS_API_KEY: API_KEY, REVALIDATE_SECRET: SECRET });
  service.useWebhook({ url: `${site.url}/api/revalidate`, secret: SECRET });
});

test.afterAll(async () => {
  await site?.stop();
  await service?.close();
});

const setNotice = async (site: 'default' | 'en', notice: Record<string, string> | null) => {
  const response = await fetch(`${service.url}/admin/globals/settings?site=${site}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}` },
    body: JSON.stringify({ notice }),
  });
  expect(response.status).toBe(200);
};

/** Each of the header's controls is visible, outside the notice, and the topmost thing at its centre. */
const expectControlsClear = async (page: Page) => {
  const notice = await page.getByRole('region', { name: 'Mededeling' }).boundingBox();
  expect(notice).not.toBeNull();
  const controls = [
    page.locator('.wordmark'),
    page.locator('.site-header__search a, .site-header__search button').first(),
    page.locator('.site-header__find a'),
    page.locator('.site-header__language a'),
    page.locator('.menu-toggle'),
  ];
  for (const control of controls) {
    await expect(control).toBeVisible();
    const box = (await control.boundingBox())!;
    expect(box.y, 'a control under the notice').toBeGreaterThanOrEqual(notice!.y + notice!.height - 0.5);
    const onTop = await control.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const found = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return found !== null && (element === found || element.contains(found));
    });
    expect(onTop, 'a control covered by something').toBe(true);
  }
};

test.describe.configure({ mode: 'serial' });

test.describe('the site notice', () => {
  test('sits above the header, never over its controls, at 320, 390 and 1280 px', async ({ page }) => {
    test.setTimeout(120_000);
    await setNotice('default', { text: TEXT, kind: 'info', link: '/over-ons', link_label: 'Meer informatie' });
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/', '/inschrijven/beroepservaringsperiode']) {
        await page.goto(site.url + path);
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        const region = page.getByRole('region', { name: 'Mededeling' });
        await expect(region).toContainText(TEXT);
        await expect(region.getByRole('link', { name: 'Meer informatie' })).toHaveAttribute('href', '/over-ons');
        await expectControlsClear(page);
        // Readable at every width: nothing of the page runs past the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // Its own surface, opaque, over a hero too.
        expect(await region.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
          'rgb(233, 238, 245)',
        );
      }
    }
  });

  test('a warning says so in words, and goes on a client navigation once removed', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await setNotice('default', { text: 'Storing: de registerzoeker is tijdelijk niet beschikbaar.', kind: 'warning' });
    await page.goto(`${site.url}/over-ons`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const region = page.getByRole('region', { name: 'Mededeling' });
    await expect(region).toContainText('Let op: Storing: de registerzoeker');
    await expect(region).toHaveClass(/site-notice--warning/);

    await setNotice('default', null);
    await page.locator('.site-footer').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
    await expect(page.getByRole('region', { name: 'Mededeling' })).toHaveCount(0);
  });

  test("is the English site's own", async ({ page }) => {
    await setNotice('default', { text: TEXT });
    await setNotice('en', { text: 'The register is closed on Saturday morning.' });
    await page.goto(`${site.url}/en/about-us`);
    await expect(page.getByRole('region', { name: 'Notice' })).toHaveText(
      'The register is closed on Saturday morning.',
    );
    await expect(page.getByText(TEXT)).toHaveCount(0);
    await setNotice('en', null);
    await setNotice('default', null);
  });
});
