import type { BrowserContext } from '@playwright/test';
import { expect, followMenuLink, openHydrated, test } from './fixtures.ts';

const localeCookie = async (context: BrowserContext) =>
  (await context.cookies()).find(({ name }) => name === 'i18n_redirected');

test('hydrates from the inlined payload without requesting it again', async ({ page, recorded }) => {
  await openHydrated(page, '/');
  await expect(page.locator('.block--collection-list').first()).toBeVisible();
  // Other pages' payloads may be preloaded; the page's own is never asked for.
  expect(recorded.payloadFetches().filter((url) => new URL(url).pathname === '/')).toEqual([]);
  expect(recorded.documentLoads()).toHaveLength(1);
});

test('a link click changes the page with one payload request and no document load', async ({ page, recorded }) => {
  await openHydrated(page, '/');
  recorded.reset();
  await followMenuLink(page, 'Over ons');
  await expect(page).toHaveURL('/over-ons');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Over ons');
  expect(recorded.payloadFetches().filter((url) => new URL(url).pathname === '/over-ons')).toHaveLength(1);
  expect(recorded.documentLoads()).toEqual([]);
});

test('back and forward move between client-rendered pages', async ({ page, recorded }) => {
  await openHydrated(page, '/');
  await followMenuLink(page, 'Over ons');
  await expect(page).toHaveURL('/over-ons');
  await page.getByRole('link', { name: 'Vind een architect' }).click();
  await expect(page).toHaveURL('/vind-een-architect');
  recorded.reset();

  await page.goBack();
  await expect(page).toHaveURL('/over-ons');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Over ons');
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Architectenregister');
  await page.goForward();
  await expect(page).toHaveURL('/over-ons');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Over ons');
  expect(recorded.documentLoads()).toEqual([]);
});

test('back pressed before the scripts have run shows the page of the address once they have', async ({ page }) => {
  await openHydrated(page, '/');
  await followMenuLink(page, 'Over ons');
  await expect(page).toHaveURL('/over-ons');
  // Reloaded on a slow phone: the HTML is there, the scripts are not, and the reader goes back.
  let releaseScripts: () => void = () => {};
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Over ons');
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL('/');

  releaseScripts();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Architectenregister');
});

test('a first view writes the locale cookie in the browser, with exactly its attributes', async ({ page, context }) => {
  expect(await context.cookies()).toEqual([]);
  const response = await page.goto('/en/about-us');
  expect(await response?.headerValue('set-cookie')).toBeNull();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // Written without waiting for the browser's cookie store (src/browser/write-locale-cookie.ts).
  await expect.poll(async () => (await localeCookie(context))?.value).toBe('en');
  const cookie = await localeCookie(context);
  expect(cookie).toMatchObject({ value: 'en', path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
  // A year from now, give or take the test's own minute.
  expect(Math.abs(cookie!.expires - (Date.now() / 1000 + 365 * 24 * 3600))).toBeLessThan(3600);
});

test('the language switch leads to the translation of the page and sets the locale cookie', async ({
  page,
  context,
}) => {
  await openHydrated(page, '/over-ons');
  await page.getByRole('link', { name: 'Deze pagina in het Engels' }).click();
  await expect(page).toHaveURL('/en/about-us');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
  await expect.poll(async () => (await localeCookie(context))?.value).toBe('en');
  expect(await localeCookie(context)).toMatchObject({ path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
});

test('a payload for another build makes the browser load the page in full', async ({ page, recorded }) => {
  recorded.allowConsoleErrors(/status of 409 \(Conflict\)/);
  await openHydrated(page, '/');
  await page.route('**/*_rsc=*', (route) =>
    route.fulfill({ status: 409, contentType: 'text/plain', body: 'another build' }),
  );
  recorded.reset();
  await followMenuLink(page, 'Over ons');
  await expect(page).toHaveURL('/over-ons');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Over ons');
  expect(recorded.documentLoads()).toEqual([expect.stringMatching(/\/over-ons$/)]);
});

test('a failed payload request falls back to a full page load', async ({ page, recorded }) => {
  recorded.allowConsoleErrors(/ERR_CONNECTION_RESET/);
  // Preloads fail too: the click has no payload to fall back on.
  await page.route('**/*_rsc=*', (route) => route.abort('connectionreset'));
  await openHydrated(page, '/');
  recorded.reset();
  await page.getByRole('link', { name: 'Vind een architect' }).click();
  await expect(page).toHaveURL('/vind-een-architect');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vind een architect');
  expect(recorded.documentLoads()).toEqual([expect.stringMatching(/\/vind-een-architect$/)]);
});

test('a redirect during navigation lands on the final URL', async ({ page, recorded }) => {
  await openHydrated(page, '/');
  recorded.reset();
  // A history entry with a trailing slash: the server redirects its payload to the path without it.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/over-ons/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL('/over-ons');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Over ons');
  expect(recorded.documentLoads()).toEqual([]);
});
