import { expect, openHydrated, test } from './fixtures.ts';

const NOT_FOUND_RESOURCE = /status of 404 \(Not Found\)/;

test('a missing page shows the error page with status 404', async ({ page, recorded }) => {
  recorded.allowConsoleErrors(NOT_FOUND_RESOURCE);
  const response = await page.goto('/x/y/z/w');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByText('Page not found: /x/y/z/w')).toBeVisible();
});

for (const { path, locale, menuLink, footerMenu, search, home, register } of [
  {
    path: '/x/y/z/w',
    locale: 'nl',
    menuLink: 'Over ons',
    footerMenu: 'Voettekstmenu',
    search: 'Zoeken',
    home: 'Naar de homepage',
    register: 'Vind een architect',
  },
  {
    path: '/en/x/y/z/w',
    locale: 'en',
    menuLink: 'About us',
    footerMenu: 'Footer menu',
    search: 'Search',
    home: 'Go to the home page',
    register: 'Find an architect',
  },
]) {
  test(`a path no route takes (${locale}) has the whole layout: menu, footer, a search and the ways on`, async ({
    page,
    recorded,
  }) => {
    recorded.allowConsoleErrors(NOT_FOUND_RESOURCE);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: menuLink, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(
      page.getByRole('contentinfo').getByRole('navigation', { name: footerMenu }).getByRole('link').first(),
    ).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(path)).toBeVisible();
    await expect(main.getByRole('link', { name: home })).toBeVisible();
    await expect(main.getByRole('link', { name: register })).toBeVisible();
    await main.getByRole('searchbox').fill('klacht');
    await main.getByRole('button', { name: search }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale === 'en' ? 'en/search' : 'zoeken'}\\?q=klacht$`));
  });
}

test('client navigation to a missing page shows the error page', async ({ page, recorded }) => {
  recorded.allowConsoleErrors(NOT_FOUND_RESOURCE);
  await openHydrated(page, '/');
  recorded.reset();
  await page.evaluate(() => {
    window.history.pushState(null, '', '/a/b/c/d');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  expect(recorded.documentLoads()).toEqual([]);
});

test.describe('for a crawler', () => {
  test.use({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });

  test('a missing page has the status and a minimal body, not the error page', async ({ page, recorded }) => {
    recorded.allowConsoleErrors(NOT_FOUND_RESOURCE);
    const response = await page.goto('/x/y/z/w');
    expect(response?.status()).toBe(404);
    expect(await response?.text()).toBe('Page not found: /x/y/z/w\n');
    await expect(page.getByRole('heading')).toHaveCount(0);
  });
});
