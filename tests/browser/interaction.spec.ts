import type { Locator, Page } from '@playwright/test';
import { expect, followMenuLink, openHydrated, test } from './fixtures.ts';

// Between two pages: the client state's flags and the 700 ms transition, scrolling, and the mega menu.

const html = (page: Page) => page.locator('html');
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls a link well down the page into view: where the page then is. */
const scrollDownTo = async (page: Page, link: Locator): Promise<number> => {
  await link.scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
  return scrollY(page);
};

test('a navigation sets the route flags and runs the 700 ms transition', async ({ page }) => {
  await page.clock.install();
  await openHydrated(page, '/');
  await expect(html(page)).toHaveAttribute('data-is-home', '');
  await expect(html(page)).not.toHaveAttribute('data-is-pending', '');
  await page.clock.pauseAt(new Date(Date.now() + 60_000));

  await page.getByRole('banner').getByRole('link', { name: 'Vind een architect' }).click();
  await expect(html(page)).toHaveAttribute('data-transitioning', '');
  await expect(html(page)).toHaveAttribute('data-hide-header', '');
  await expect(page).toHaveURL('/vind-een-architect');
  await expect(html(page)).toHaveAttribute('data-is-member-search', '');
  await expect(html(page)).not.toHaveAttribute('data-is-home', '');

  await page.clock.runFor(699);
  await expect(html(page)).toHaveAttribute('data-transitioning', '');
  await page.clock.runFor(1);
  await expect(html(page)).not.toHaveAttribute('data-transitioning', '');
  await expect(html(page)).not.toHaveAttribute('data-hide-header', '');
});

test('the search flag follows the search route, and the English home counts as home', async ({ page }) => {
  await openHydrated(page, '/en/search?q=register');
  await expect(html(page)).toHaveAttribute('data-is-search', '');
  await page
    .getByRole('banner')
    .getByRole('link', { name: /Architects' Register/ })
    .click();
  await expect(page).toHaveURL('/en');
  await expect(html(page)).toHaveAttribute('data-is-home', '');
  await expect(html(page)).not.toHaveAttribute('data-is-search', '');
});

test('a new page starts at the top; back returns to where the reader was', async ({ page }) => {
  await openHydrated(page, '/');
  const card = page.locator('.block--collection-list .card__title a').first();
  const before = await scrollDownTo(page, card);

  await card.click();
  await expect(page).not.toHaveURL('/');
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect.poll(() => scrollY(page)).toBe(before);
});

test('a reload keeps the reader where they were, and so does coming back from another document', async ({ page }) => {
  await openHydrated(page, '/actualiteiten');
  const card = page.locator('.card__title a').last();
  const before = await scrollDownTo(page, card);

  await page.reload();
  await expect.poll(() => scrollY(page)).toBe(before);
  await expect(html(page)).toHaveAttribute('data-hydrated', 'true');

  // A page opened by a click, then a document elsewhere; two steps back load the list anew, in an entry
  // that a client navigation made, which only its kept position can put back.
  await card.click();
  await expect(page).not.toHaveURL('/actualiteiten');
  await page.goto('/robots.txt');
  // In a task after the evaluation has answered: a traversal started inside it can destroy its context first.
  await page.evaluate(() => void setTimeout(() => window.history.go(-2)));
  await expect(page).toHaveURL('/actualiteiten');
  await expect.poll(() => scrollY(page)).toBe(before);
});

test('a link to a part of the same page, then back, returns to where the reader was', async ({ page }) => {
  // As on a busy phone: the reader follows the link before the browser has once been idle.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await openHydrated(page, '/actualiteiten');
  const before = await scrollDownTo(page, page.locator('.card__title a').last());

  // The skip link is such a link: followed, the page is at its target, the top of the content. The reader
  // scrolls a little further and follows it in the same task, before the scroll's event and frame.
  await page.locator('.skip-link').evaluate((link: HTMLAnchorElement) => {
    window.scrollBy(0, 40);
    link.click();
  });
  await expect(page).toHaveURL('/actualiteiten#main');
  await expect.poll(() => scrollY(page)).toBeLessThan(before);
  const atTarget = await scrollY(page);

  await page.goBack();
  await expect(page).toHaveURL('/actualiteiten');
  await expect.poll(() => scrollY(page)).toBe(before + 40);
  await page.goForward();
  await expect(page).toHaveURL('/actualiteiten#main');
  await expect.poll(() => scrollY(page)).toBe(atTarget);
});

test('the mega menu works with the keyboard: opens, keeps the focus inside, closes with Escape', async ({ page }) => {
  await openHydrated(page, '/');
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(html(page)).toHaveAttribute('data-menu-open', '');

  // However far the focus goes, it stays in the menu.
  for (let step = 0; step < 60; step += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(html(page)).not.toHaveAttribute('data-menu-open', '');
});

test('the menu opens before the scripts have run, and stays open with the focus inside once they have', async ({
  page,
}) => {
  // The page's scripts wait until the menu is open: a slow phone that has the HTML but not the script.
  let releaseScripts: () => void = () => {};
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(html(page)).not.toHaveAttribute('data-hydrated', 'true');
  await menu.getByRole('link', { name: 'Over ons', exact: true }).focus();

  releaseScripts();
  await expect(html(page)).toHaveAttribute('data-hydrated', 'true');
  await expect(html(page)).toHaveAttribute('data-menu-open', '');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Over ons', exact: true })).toBeFocused();
  // From here on React drives it: Escape closes it and clears the flag.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(html(page)).not.toHaveAttribute('data-menu-open', '');
});

test('a menu link closes the menu and opens its page', async ({ page }) => {
  await openHydrated(page, '/');
  await followMenuLink(page, 'Over ons');
  await expect(page).toHaveURL('/over-ons');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the mega menu is a plain list of links in the header', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Over ons', exact: true })
      .click();
    await expect(page).toHaveURL('/over-ons');
  });
});

test.describe('preloads', () => {
  test('links in view are preloaded, never more than four at a time', async ({ page }) => {
    let inFlight = 0;
    let most = 0;
    let started = 0;
    await page.route('**/*_rsc=*', async (route) => {
      inFlight += 1;
      started += 1;
      most = Math.max(most, inFlight);
      // Slow answers keep preloads pending long enough to pile up if nothing held them back.
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
      inFlight -= 1;
    });
    await openHydrated(page, '/actualiteiten');
    for (let step = 0; step < 8; step += 1) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(100);
    }
    await expect.poll(() => started, { timeout: 10_000 }).toBeGreaterThan(6);
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThan(1);
  });

  test('a hovered link is preloaded and the click uses it', async ({ page, recorded }) => {
    const finished = new Set<string>();
    page.on('requestfinished', (request) =>
      finished.add(new URL(request.url()).pathname + (request.url().includes('_rsc=') ? '?payload' : '')),
    );
    await openHydrated(page, '/over-ons');
    const link = page.getByRole('banner').getByRole('link', { name: 'Vind een architect' });
    await link.hover();
    await expect.poll(() => finished.has('/vind-een-architect?payload')).toBe(true);
    recorded.reset();
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vind een architect');
    expect(recorded.payloadFetches().filter((url) => url.includes('/vind-een-architect'))).toEqual([]);
    expect(recorded.documentLoads()).toEqual([]);
  });
});

test.describe('motion', () => {
  test('the cursor ring follows the mouse and grows over links', async ({ page }) => {
    await openHydrated(page, '/over-ons');
    await page.mouse.move(200, 300);
    const ring = page.locator('.cursor');
    await expect(ring).toHaveAttribute('style', /translate3d\(200px, 300px, 0px\)/);
    await page.getByRole('banner').getByRole('link', { name: 'Vind een architect' }).hover();
    await expect(ring).toHaveClass(/cursor--link/);
  });

  test('a page change swipes over the page; a card click grows its image towards the next hero', async ({ page }) => {
    await page.clock.install();
    await openHydrated(page, '/actualiteiten');
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    const card = page
      .locator('.card--link')
      .filter({ has: page.locator('img.card__image') })
      .first();
    await card.locator('.card__title a').click();
    await expect(page.locator('.swipe')).toHaveClass(/swipe--active/);
    await expect(page.locator('.scale-image')).toHaveClass(/scale-image--active/);
    await page.clock.runFor(700);
    await expect(page.locator('.swipe')).not.toHaveClass(/swipe--active/);
    await expect(page.locator('.scale-image')).toHaveCount(0);
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true, isMobile: true });

    test('there is no cursor ring', async ({ page }) => {
      await openHydrated(page, '/over-ons');
      await expect(page.locator('.cursor')).toHaveCount(0);
    });
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('nothing swipes or grows', async ({ page }) => {
      await openHydrated(page, '/actualiteiten');
      await page.locator('.card--link .card__title a').first().click();
      await expect(page.locator('.swipe')).toBeHidden();
      await expect(page.locator('.scale-image')).toHaveCount(0);
    });
  });
});

test('a link to a part of another page scrolls to it, below the header', async ({ page, recorded }) => {
  // A low window, so that the part lies below the fold.
  await page.setViewportSize({ width: 1280, height: 400 });
  await openHydrated(page, '/inschrijven');
  recorded.reset();
  await page.getByRole('link', { name: 'vragen over inschrijven' }).click();
  await expect(page).toHaveURL('/veelgestelde-vragen#inschrijven');
  const heading = page.getByRole('heading', { name: 'Inschrijven', level: 2 });
  // Its top sits just below the header's 6rem scroll margin (96 px), not under the header.
  await expect.poll(async () => Math.abs(((await heading.boundingBox())?.y ?? 0) - 96)).toBeLessThan(8);
  expect(recorded.documentLoads()).toEqual([]);
});

test('the header is transparent over a hero image until the page scrolls, and takes the page theme', async ({
  page,
}) => {
  await openHydrated(page, '/inschrijven');
  await expect(html(page)).toHaveAttribute('data-header-trans', '');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => scrollY(page)).toBe(400);
  await expect(html(page)).not.toHaveAttribute('data-header-trans', '');
  await openHydrated(page, '/vind-een-architect');
  await expect(html(page)).not.toHaveAttribute('data-header-trans', '');

  await openHydrated(page, '/');
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--page-bg').trim()))
    .toBe('#1f3a5f');
  await expect(page.locator('.hero')).toHaveCSS('background-color', 'rgb(31, 58, 95)');
});
