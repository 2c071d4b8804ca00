import { expect, openHydrated, test } from './fixtures.ts';

const NOT_FOUND_RESOURCE = /status of 404 \(Not Found\)/;

test('a missing page shows the error page with status 404', async ({ page, recorded }) => {
  recorded.allowConsoleErrors(NOT_FOUND_RESOURCE);
  const response = await page.goto('/x/y/z/w');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByText('Page not found: /x/y/z/w')).toBeVisible();
});

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
