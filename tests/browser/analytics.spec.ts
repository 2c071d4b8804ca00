import type { Page } from '@playwright/test';
import { expect, followMenuLink, openHydrated, test } from './fixtures.ts';

// Matomo page views, against the stand-in tracker of playwright.config.ts (MATOMO_SITE_ID=7).

const MATOMO = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4789) + 1}`;

const hits = async (page: Page) => {
  const session = await page.evaluate(
    () => (window as unknown as { matomoStandInSession?: string }).matomoStandInSession,
  );
  const response = await fetch(`${MATOMO}/hits?session=${session}`);
  return (await response.json()) as Array<Record<string, string>>;
};

test('a page view on the first load and on each navigation, without cookies, with link tracking', async ({
  page,
  baseURL,
}) => {
  await openHydrated(page, '/');
  await expect.poll(() => hits(page)).toHaveLength(1);
  expect((await hits(page))[0]).toMatchObject({
    idsite: '7',
    url: `${baseURL}/`,
    urlref: '',
    cookie: '0',
    link: '1',
    action_name: 'Architectenregister: het register van beschermde titels | Architectenregister',
  });

  await followMenuLink(page, 'Over ons');
  await expect(page).toHaveURL('/over-ons');
  await expect.poll(() => hits(page)).toHaveLength(2);
  expect((await hits(page))[1]).toMatchObject({
    url: `${baseURL}/over-ons`,
    urlref: `${baseURL}/`,
    action_name: 'Over ons | Architectenregister',
  });
});

test("a report's confirmation is counted without its reference", async ({ page, baseURL }) => {
  await openHydrated(page, '/de-wet/titelmisbruik-melden?status=received&reference=04HM-ASW9');
  await expect(page.locator('.form-confirmation dd')).toHaveText('04HM-ASW9');
  await expect.poll(() => hits(page)).toHaveLength(1);
  expect((await hits(page))[0]?.url).toBe(`${baseURL}/de-wet/titelmisbruik-melden?status=received`);
});

test('a page flagged to be ignored is not counted', async ({ page }) => {
  await openHydrated(page, '/');
  await expect.poll(() => hits(page)).toHaveLength(1);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacyverklaring' }).click();
  await expect(page).toHaveURL('/privacyverklaring');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL('/contact');
  await expect.poll(() => hits(page)).toHaveLength(2);
  expect((await hits(page)).map((hit) => new URL(hit.url ?? '').pathname)).toEqual(['/', '/contact']);
});

test('without the tracker the page works, and nothing is counted', async ({ page, recorded }) => {
  recorded.allowConsoleErrors(/ERR_FAILED/);
  await page.route(`${MATOMO}/matomo.js`, (route) => route.abort('failed'));
  await page.clock.install();
  await openHydrated(page, '/');
  await page.clock.runFor(3100);
  await followMenuLink(page, 'Over ons');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Over ons');
  expect(await page.evaluate(() => 'Matomo' in window)).toBe(false);
});

test.describe('the wait for the tracker: up to 3000 ms, looking every 50 ms', () => {
  /**
   * Opens a page whose tracker script loads but never comes up, and goes on to another page by a client
   * navigation with the clock standing still: the wait for that page view starts at this instant.
   */
  const navigateWithoutTracker = async (page: Page) => {
    await page.route(`${MATOMO}/matomo.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.clock.install();
    await openHydrated(page, '/over-ons');
    // Far past the first view's wait, which has given up by then.
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL('/contact');
  };

  /** The addresses of the page views queued for the tracker. */
  const tracked = (page: Page) =>
    page.evaluate(() =>
      ((window as unknown as { _paq: unknown[][] })._paq ?? [])
        .filter(([command]) => command === 'setCustomUrl')
        .map(([, url]) => new URL(String(url)).pathname),
    );

  const trackerComesUp = (page: Page) =>
    page.evaluate(() => {
      (window as unknown as { Matomo: object }).Matomo = { getAsyncTracker: () => ({}) };
    });

  test('looks for the tracker every 50 ms', async ({ page }) => {
    await navigateWithoutTracker(page);
    await page.clock.runFor(1010);
    await trackerComesUp(page);
    await page.clock.runFor(39);
    expect(await tracked(page)).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => tracked(page)).toEqual(['/contact']);
  });

  test('tracks the page view when the tracker comes up within 3000 ms', async ({ page }) => {
    await navigateWithoutTracker(page);
    await page.clock.runFor(2960);
    await trackerComesUp(page);
    await page.clock.runFor(40);
    await expect.poll(() => tracked(page)).toEqual(['/contact']);
  });

  test('gives up after 3000 ms', async ({ page }) => {
    await navigateWithoutTracker(page);
    await page.clock.runFor(3000);
    await trackerComesUp(page);
    await page.clock.runFor(5000);
    expect(await tracked(page)).toEqual([]);
  });
});

/** The number of results the page says it found. */
const shownCount = async (page: Page) =>
  (await page.locator('.search-page__count').textContent())!.match(/\d[\d.,]*/)![0].replace(/[.,]/g, '');

test('a search counts as a site search with its keyword, category and result count, on load and on navigation', async ({
  page,
  baseURL,
}) => {
  await openHydrated(page, '/zoeken?q=register');
  await expect.poll(() => hits(page)).toHaveLength(1);
  const [first] = await hits(page);
  expect(first).toMatchObject({ url: `${baseURL}/zoeken?q=register`, search: 'register' });
  expect(first!.search_count).toBe(await shownCount(page));
  expect(Number(first!.search_count)).toBeGreaterThan(0);
  expect(first!.search_cat).toBeUndefined();
  expect(first!.action_name).toBeUndefined();

  await page
    .getByRole('navigation', { name: 'Filter op soort' })
    .getByRole('link', { name: /^Nieuws/ })
    .click();
  await expect(page).toHaveURL('/zoeken?q=register&type=actualities');
  await expect.poll(() => hits(page)).toHaveLength(2);
  expect((await hits(page))[1]).toMatchObject({
    search: 'register',
    search_cat: 'actualities',
    search_count: await shownCount(page),
  });

  // A page that is no search is a page view again.
  await followMenuLink(page, 'Over ons');
  await expect(page).toHaveURL('/over-ons');
  await expect.poll(() => hits(page)).toHaveLength(3);
  expect((await hits(page))[2]).toMatchObject({ action_name: 'Over ons | Architectenregister' });
  expect((await hits(page))[2]!.search).toBeUndefined();
});

test('an architect search counts as a site search in both languages', async ({ page, baseURL }) => {
  await openHydrated(page, '/vind-een-architect?searchTerm=de');
  await expect.poll(() => hits(page)).toHaveLength(1);
  expect((await hits(page))[0]).toMatchObject({
    url: `${baseURL}/vind-een-architect?searchTerm=de`,
    search: 'de',
    search_cat: 'register',
    search_count: await shownCount(page),
  });

  await openHydrated(page, '/en/find-an-architect');
  await expect.poll(() => hits(page)).toHaveLength(1);
  expect((await hits(page))[0]!.search).toBeUndefined();
  await page.getByRole('searchbox').first().fill('van');
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page).toHaveURL(/\/en\/find-an-architect\?searchTerm=van/);
  await expect.poll(() => hits(page)).toHaveLength(2);
  expect((await hits(page))[1]).toMatchObject({
    search: 'van',
    search_cat: 'register',
    search_count: await shownCount(page),
  });
});
