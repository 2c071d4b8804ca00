import { recordScripts } from '../helpers/javascript-weight.ts';
import { expect, openHydrated, test } from './fixtures.ts';

// The JavaScript budget (issue: interaction): a content page without an animation loads two scripts
// (the entry and its hydrate chunk) of at most 110 KB gzipped together; lottie-web comes as a chunk of
// its own, only where an animation is shown (and only once it comes near the viewport).
// `npm run size` reports the same figures per page.

const BUDGET_BYTES = 110 * 1024;
const LOTTIE_CHUNK = /^\d+\.[0-9a-f]+\.js$/;

test('a content page without an animation stays within 110 KB of gzipped JavaScript', async ({ page }) => {
  const weight = recordScripts(page);
  await openHydrated(page, '/over-ons/organisatie');
  await page.waitForLoadState('networkidle');
  const { files, totalGzipBytes } = weight();
  expect(files.some(({ file }) => LOTTIE_CHUNK.test(file))).toBe(false);
  expect(totalGzipBytes).toBeLessThanOrEqual(BUDGET_BYTES);
  // The small entry and the chunk it runs after the first paint, which carries React and the layout's
  // client components (src/entries/layout-client-components.ts); nothing else.
  expect(files.map(({ file }) => file).sort()).toEqual([
    expect.stringMatching(/^hydrate\.[0-9a-f]+\.js$/),
    expect.stringMatching(/^main\.[0-9a-f]+\.js$/),
  ]);
});

test('a page with an animation loads lottie-web as a separate chunk', async ({ page }) => {
  const weight = recordScripts(page);
  await openHydrated(page, '/');
  await page.locator('.lottie-animation__stage').first().scrollIntoViewIfNeeded();
  await expect(page.locator('.lottie-animation__stage svg').first()).toBeVisible();
  expect(weight().files.filter(({ file }) => LOTTIE_CHUNK.test(file))).toHaveLength(1);
});

test('the hydrate chunk is asked for only once the first paint is on screen', async ({ page }) => {
  // Downloaded earlier, it would share a slow connection with the page's largest image.
  await openHydrated(page, '/');
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    hydrate:
      performance.getEntriesByType('resource').find((entry) => /\/assets\/hydrate\.[0-9a-f]+\.js$/.test(entry.name))
        ?.startTime ?? Number.NaN,
  }));
  expect(timing.hydrate).toBeGreaterThanOrEqual(timing.firstPaint);
});
