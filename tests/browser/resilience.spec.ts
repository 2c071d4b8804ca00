import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/site.ts';
import { expect, openHydrated, test } from './fixtures.ts';

// When the code in the browser is not the code on the server: a newer build, a chunk that fails to load.

const BUILD_INFO = (url: URL) => url.pathname === '/_build/latest.json';

test.describe('the build check', () => {
  test('a newer build, found a second after load, makes the next navigation a full page load', async ({
    page,
    recorded,
  }) => {
    const checks: string[] = [];
    await page.route(BUILD_INFO, (route) => {
      checks.push(route.request().url());
      return route.fulfill({ json: { id: 'a-newer-build' } });
    });
    // Time stands still from the start: nothing may be asked before the first second has passed.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 1000));
    await openHydrated(page, '/');
    await page.clock.runFor(999);
    expect(checks).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => checks.length).toBe(1);
    expect(checks[0]).toMatch(/\/_build\/latest\.json\?t=\d+$/);

    recorded.reset();
    await page.getByRole('banner').getByRole('link', { name: 'Vind een architect' }).click();
    await expect(page).toHaveURL('/vind-een-architect');
    expect(recorded.documentLoads()).toEqual([expect.stringMatching(/\/vind-een-architect$/)]);
  });

  test('the check runs every hour, not at start on slow-2g, and the same build changes nothing', async ({
    page,
    recorded,
  }) => {
    const checks: string[] = [];
    await page.route(BUILD_INFO, async (route) => {
      checks.push(route.request().url());
      await route.continue();
    });
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { effectiveType: 'slow-2g' } }),
    );
    await page.clock.install();
    // A page without an animation: an hour of fake time would time out a chunk still loading.
    await openHydrated(page, '/over-ons');
    await page.clock.pauseAt(new Date(Date.now() + 10_000));
    await page.clock.runFor(5000);
    expect(checks).toEqual([]);
    await page.clock.runFor(3_600_000);
    await expect.poll(() => checks.length).toBe(1);

    recorded.reset();
    await page.getByRole('banner').getByRole('link', { name: 'Vind een architect' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vind een architect');
    expect(recorded.documentLoads()).toEqual([]);
  });
});

test('a client chunk that fails to load reloads its page once, not twice within 10 s', async ({ page, recorded }) => {
  recorded.allowConsoleErrors(/ERR_FAILED|ChunkLoadError|Loading chunk|A part of the page failed/);
  const manifest = JSON.parse(
    readFileSync(path.join(ROOT, 'dist/server/react-client-manifest.json'), 'utf8'),
  ) as Record<string, { chunks: Array<string | number> }>;
  const [, entry] = Object.entries(manifest).find(([id]) => id.endsWith('/live-search-form.tsx'))!;
  const chunk = entry.chunks.find((part) => typeof part === 'string' && part.endsWith('.js')) as string;
  await page.route(`**/assets/${chunk}`, (route) => route.abort('failed'));

  await openHydrated(page, '/');
  recorded.reset();
  await page.getByRole('banner').getByRole('button', { name: 'Zoeken' }).click();
  await page.getByRole('dialog').getByRole('searchbox').fill('wet');
  await page.keyboard.press('Enter');

  // One reload to the search page; there the chunk fails again and the guard holds: the page shows
  // the server's results (hydration still waiting) or, once React gives up on the part, the error text.
  await expect.poll(() => recorded.documentLoads()).toEqual([expect.stringMatching(/\/zoeken\?q=wet$/)]);
  await expect(page.locator('.search-result').first().or(page.getByRole('main').getByRole('alert'))).toBeVisible();
  await expect
    .poll(() => recorded.requests.filter((request) => request.url().endsWith(`/assets/${chunk}`)).length)
    .toBeGreaterThan(0);
  await page.waitForTimeout(500);
  expect(recorded.documentLoads()).toHaveLength(1);
  expect(
    await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('chunk-reload:'))),
  ).toEqual(['chunk-reload:/zoeken']);
});

test('a hydrate chunk that fails to load reloads the page once; the page stays readable without it', async ({
  page,
  recorded,
}) => {
  recorded.allowConsoleErrors(/ERR_FAILED|ChunkLoadError|Loading chunk/);
  await page.route(/\/assets\/hydrate\.[0-9a-f]+\.js$/, (route) => route.abort('failed'));

  await page.goto('/over-ons');
  await expect
    .poll(() => recorded.documentLoads())
    .toEqual([expect.stringMatching(/\/over-ons$/), expect.stringMatching(/\/over-ons$/)]);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(500);
  expect(recorded.documentLoads()).toHaveLength(2);
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['chunk-reload:/over-ons']);
});
