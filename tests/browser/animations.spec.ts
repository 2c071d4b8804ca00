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

test.describe('the curves the player draws', () => {
  // One curve, stroked up to half its length: where half the length ends depends on how many straight
  // segments the player measures the curve in (lottie-web's quality setting, docs/specification.md
  // section 1), so the drawn path shows the setting that reached the player.
  const still = { a: 0 };
  const HALF_A_CURVE = {
    v: '5.7.0',
    fr: 30,
    ip: 0,
    op: 30,
    w: 100,
    h: 100,
    assets: [],
    layers: [
      {
        ddd: 0,
        ind: 1,
        ty: 4,
        nm: 'curve',
        sr: 1,
        ks: {
          o: { ...still, k: 100 },
          r: { ...still, k: 0 },
          p: { ...still, k: [0, 0, 0] },
          a: { ...still, k: [0, 0, 0] },
          s: { ...still, k: [100, 100, 100] },
        },
        ao: 0,
        ip: 0,
        op: 30,
        st: 0,
        bm: 0,
        shapes: [
          {
            ty: 'sh',
            ks: {
              ...still,
              k: {
                c: false,
                v: [
                  [0, 90],
                  [100, 90],
                ],
                i: [
                  [0, 0],
                  [-5, -95],
                ],
                o: [
                  [95, -90],
                  [0, 0],
                ],
              },
            },
          },
          {
            ty: 'st',
            c: { ...still, k: [0, 0, 0, 1] },
            o: { ...still, k: 100 },
            w: { ...still, k: 2 },
            lc: 1,
            lj: 1,
            ml: 4,
          },
          { ty: 'tm', s: { ...still, k: 0 }, e: { ...still, k: 50 }, o: { ...still, k: 0 }, m: 1 },
        ],
      },
    ],
  };

  test('are measured in 150 segments', async ({ page }) => {
    await page.route(ANIMATION_FILE, (route) => route.fulfill({ json: HALF_A_CURVE }));
    await openHydrated(page, '/');
    const stage = page.locator('.lottie-animation__stage').first();
    await stage.scrollIntoViewIfNeeded();
    await expect(stage).toHaveAttribute('data-state', 'playing');
    const path = stage.locator('svg path').first();
    await expect(path).toHaveAttribute('d', /\S/);
    expect(await path.getAttribute('d')).toBe(
      ' M0,90 C32.72800064086914,58.994998931884766 54.180999755859375,38.07699966430664 68.447998046875,27.861000061035156',
    );
  });
});
