import { expect, openHydrated, test } from './fixtures.ts';

// Lottie animations: lottie-web and the animation's file only once an animation comes near the
// viewport, playing by itself unless the visitor asked for less motion.

const LOTTIE_CHUNK = /\/assets\/\d+\.[0-9a-f]+\.js$/;

const ANIMATION_FILE = /\/animations\/[^/]+\.json$/;

test('an animation loads lottie-web as a chunk of its own once it comes near the viewport, and plays, looping at speed 1', async ({
  page,
  recorded,
}) => {
  await openHydrated(page, '/over-ons');
  expect(recorded.requests.filter((request) => LOTTIE_CHUNK.test(request.url()))).toEqual([]);

  // The home page's animation is screens below its top: nothing of it loads until the visitor scrolls.
  await openHydrated(page, '/');
  const stage = page.locator('.lottie-animation__stage').first();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  expect(
    recorded.requests.filter((request) => LOTTIE_CHUNK.test(request.url()) || ANIMATION_FILE.test(request.url())),
  ).toEqual([]);
  await expect(stage).toHaveAttribute('data-state', 'loading');

  await stage.scrollIntoViewIfNeeded();
  await expect(stage).toHaveAttribute('data-state', 'playing');
  await expect(stage).toHaveAttribute('data-loop', 'true');
  await expect(stage).toHaveAttribute('data-speed', '1');
  await expect(stage.locator('svg')).toBeVisible();
  expect(recorded.requests.filter((request) => LOTTIE_CHUNK.test(request.url()))).toHaveLength(1);
  await page.getByRole('button', { name: 'Animatie pauzeren' }).first().click();
  await expect(stage).toHaveAttribute('data-state', 'paused');
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the animation shows its first frame and waits for the play button', async ({ page }) => {
    await openHydrated(page, '/');
    const stage = page.locator('.lottie-animation__stage').first();
    await stage.scrollIntoViewIfNeeded();
    await expect(stage.locator('svg')).toBeVisible();
    await expect(stage).not.toHaveAttribute('data-state', 'playing');
    await page.getByRole('button', { name: 'Animatie afspelen' }).first().click();
    await expect(stage).toHaveAttribute('data-state', 'playing');
  });
});
