import type { Page } from '@playwright/test';
import { expect, openHydrated, test } from './fixtures.ts';
import { TEMPLATE_PATHS } from '../helpers/template-paths.ts';

// Behaviour that shows only in a browser over time or in another medium: redirects met during a client
// navigation, the analytics tracker's wait, the menu and the cursor after a navigation, print, and
// layout shift.

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Adds a link to the page's first block of CMS text, as an editor would type it there. */
const addTextLink = async (page: Page, href: string, name: string) => {
  await page
    .locator('main .rich-text')
    .first()
    .evaluate(
      (text, link) => {
        const anchor = document.createElement('a');
        anchor.href = link.href;
        anchor.textContent = link.name;
        text.append(anchor);
      },
      { href, name },
    );
};

test.describe('entries that redirect, met during a client navigation', () => {
  const PORTAL = 'https://portaal.architectenregister.nl/';

  for (const { from, link, name } of [
    { from: '/over-ons', link: '/registerportaal', name: 'Naar het registerportaal' },
    { from: '/en/about-us', link: '/en/register-portal', name: 'To the register portal' },
  ]) {
    test(`a redirect to another site is followed through window.location (${from})`, async ({ page, recorded }) => {
      await page.route(`${PORTAL}**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!DOCTYPE html><title>Registerportaal</title><h1>Portaal</h1>',
        }),
      );
      await openHydrated(page, from);
      await addTextLink(page, link, name);
      recorded.reset();
      await page.getByRole('link', { name }).click();
      await expect(page).toHaveURL(PORTAL);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portaal');
      // The payload request said where to go: the redirecting page itself was never loaded as a document.
      expect(recorded.documentLoads()).toEqual([PORTAL]);
    });
  }

  for (const { from, link, target, heading } of [
    { from: '/over-ons', link: '/registreren', target: '/inschrijven', heading: 'Inschrijven' },
    { from: '/en/about-us', link: '/en/register', target: '/en/registration', heading: 'Registration' },
  ]) {
    test(`a redirect to another page of the site lands on it by payload (${from})`, async ({ page, recorded }) => {
      await openHydrated(page, from);
      await addTextLink(page, link, 'Oud adres');
      recorded.reset();
      await page.getByRole('link', { name: 'Oud adres' }).click();
      await expect(page).toHaveURL(target);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      expect(recorded.documentLoads()).toEqual([]);
    });
  }
});

/**
 * Installs the page clock and opens `path`, then a second page by a client navigation, so that going back
 * is one more; the clock then stands still (the first navigation's transition over) until told to move.
 */
const openWithStillClock = async (page: Page, path: string) => {
  await page.clock.install();
  await openHydrated(page, path);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
};

const openMenu = async (page: Page) => {
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
};

test.describe('a navigation with the menu open', () => {
  for (const [{ name, width, height }, path, heading] of [
    [WIDTHS[0], '/over-ons', 'Over ons'],
    [WIDTHS[1], '/en/about-us', 'About us'],
  ] as const) {
    test(`keeps the menu open for 700 ms, then closes it (${name}, ${path})`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openWithStillClock(page, path);
      await openMenu(page);
      // Back, with the menu open: the page changes beneath it, without the swipe.
      await page.goBack();
      await expect(page).toHaveURL(path);
      await expect(page.locator('h1')).toHaveText(heading);
      await page.clock.runFor(699);
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-menu-open');
      await page.clock.runFor(1);
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.locator('html')).not.toHaveAttribute('data-menu-open');
    });
  }
});

test('a navigation resets the cursor ring', async ({ page }) => {
  await openWithStillClock(page, '/over-ons');
  await openMenu(page);
  // The pointer rests on the menu's close button, which stays under it while the page changes beneath.
  await page.getByRole('dialog').getByRole('button').first().hover();
  await page.clock.runFor(20);
  const ring = page.locator('.cursor');
  await expect(ring).toHaveClass(/cursor--link/);
  await page.goBack();
  await expect(page).toHaveURL('/over-ons');
  await expect(page.locator('h1')).toHaveText('Over ons');
  await expect(ring).toHaveClass(/cursor--default/);
});

test.describe('print', () => {
  /** Whether every element matching `selector` is left out of the printed page (and at least one exists). */
  const leftOut = (page: Page, selector: string) =>
    page
      .locator(selector)
      .evaluateAll(
        (elements) => elements.length > 0 && elements.every((element) => getComputedStyle(element).display === 'none'),
      );

  for (const { name, width, height } of WIDTHS) {
    for (const path of ['/', '/en/registration/professional-experience-period']) {
      test(`prints only the content of ${path}, black on white, with the targets of its links (${name})`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height });
        await openHydrated(page, path);
        // The cursor ring exists once the mouse has moved; the animation once it is near the viewport.
        await page.mouse.move(width / 2, height / 2);
        await page.locator('.lottie-animation').first().scrollIntoViewIfNeeded();
        await expect(page.locator('.lottie-animation__stage svg').first()).toBeVisible();
        await openMenu(page);
        await page.emulateMedia({ media: 'print' });

        for (const selector of [
          '.site-header',
          '.mega-menu-panel',
          '.site-footer nav',
          '.lottie-animation',
          '.skip-link',
          ...(name === 'desktop' ? ['.cursor'] : []),
        ]) {
          expect(await leftOut(page, selector), selector).toBe(true);
        }
        // Every element with text of its own, and every box around one, is black on white (or clear).
        const colours = await page.evaluate(() => {
          const printed = [...document.querySelectorAll('body *')].filter(
            (element) =>
              element.checkVisibility() &&
              [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
          );
          const boxes = new Set<Element>();
          for (const element of printed) {
            for (let box: Element | null = element; box; box = box.parentElement) boxes.add(box);
          }
          return {
            texts: [...new Set(printed.map((element) => getComputedStyle(element).color))],
            backgrounds: [...new Set([...boxes].map((element) => getComputedStyle(element).backgroundColor))],
          };
        });
        expect(colours.texts).toEqual(['rgb(0, 0, 0)']);
        expect(colours.backgrounds.sort()).toEqual(['rgb(255, 255, 255)', 'rgba(0, 0, 0, 0)']);

        // The target after each link of the content (in-page anchors have none).
        const links = await page.locator('main a[href^="/"], main a[href^="http"]').evaluateAll((anchors) =>
          anchors.map((anchor) => ({
            href: anchor.getAttribute('href') ?? '',
            after: getComputedStyle(anchor, '::after').content,
          })),
        );
        expect(links.length, 'links in the content').toBeGreaterThan(0);
        for (const { href, after } of links) expect(after, href).toBe(`" (${href})"`);
      });
    }

    test(`prints a list of registrations cleanly (${name})`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openHydrated(page, '/vind-een-architect?searchTerm=de');
      await page.emulateMedia({ media: 'print' });
      for (const selector of ['.site-header', '.search-form', '.site-footer nav']) {
        expect(await leftOut(page, selector), selector).toBe(true);
      }
      const rows = await page.locator('.architect').evaluateAll((architects) =>
        architects.map((architect) => {
          const style = getComputedStyle(architect);
          return {
            shown: style.display !== 'none',
            color: style.color,
            rule: `${style.borderBottomStyle} ${style.borderBottomColor}`,
            breaks: style.breakInside,
          };
        }),
      );
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) {
        expect(row).toEqual({ shown: true, color: 'rgb(0, 0, 0)', rule: 'solid rgb(0, 0, 0)', breaks: 'avoid' });
      }
      // Full width, nothing wider than the paper.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);
    });
  }
});

test.describe('layout shift', () => {
  /** How many times slower than this machine's processor (Chromium's DevTools throttling). */
  const SLOW_PROCESSOR = 8;
  interface Shift {
    value: number;
    sources: string[];
  }

  for (const { name, width, height } of WIDTHS) {
    for (const [template, path] of Object.entries(TEMPLATE_PATHS)) {
      test(`none on the ${template} through load, hydration and a scroll (${name})`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        // A slow phone's processor: the parser then stops halfway through the page, and what it has parsed
        // may be painted before the rest arrives.
        const devtools = await page.context().newCDPSession(page);
        await devtools.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PROCESSOR });
        // Every shift from the start of the document, with the elements that moved.
        await page.addInitScript(() => {
          const shifts: Shift[] = [];
          (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as Array<{
              value: number;
              sources: Array<{ node?: Node }>;
            }>) {
              shifts.push({
                value: entry.value,
                sources: entry.sources.map((source) =>
                  source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : String(source.node?.nodeName),
                ),
              });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await openHydrated(page, path);
        await page.evaluate(() => document.fonts.ready);
        await page.mouse.move(width / 2, height / 2);
        await page.mouse.wheel(0, height);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        // Two frames: what the scroll brought into view has been laid out and reported.
        const shifts = await page.evaluate(
          () =>
            new Promise<Shift[]>((resolve) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  setTimeout(() => resolve((window as unknown as { layoutShifts: Shift[] }).layoutShifts), 0),
                ),
              ),
            ),
        );
        expect(shifts).toEqual([]);
      });
    }
  }
});
