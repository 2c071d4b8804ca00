import { expect, openHydrated, test } from './fixtures.ts';

// Lottie animations: lottie-web only where an animation is shown, playing by itself unless the visitor
// asked for less motion.

const LOTTIE_CHUNK = /\/assets\/\d+\.[0-9a-f]+\.js$/;

test('an animation loads lottie-web as a chunk of its own and plays, looping at speed 1', async ({ page, recorded }) => {
  await openHydrated(page, '/over-ons');
  expect(recorded.requests.filter((request) => LOTTIE_CHUNK.test(request.url()))).toEqual([]);

  await openHydrated(page, '/');
  const stage = page.locator('.lottie-animation__stage').first();
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
    await expect(stage.locator('svg')).toBeVisible();
    await expect(stage).not.toHaveAttribute('data-state', 'playing');
    await page.getByRole('button', { name: 'Animatie afspelen' }).first().click();
    await expect(stage).toHaveAttribute('data-state', 'playing');
  });
});
