import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The header's text against what is painted behind it, in every animation frame: from the first paint
// until the page's state has settled after hydration, and through client navigations between a page
// that opens with a hero (transparent header in the theme's colours) and a plain one. WCAG's 4.5:1 in
// every frame, both languages, phone and desktop; and on load, the header's colours of the first paint
// are those it keeps.

const MIN_CONTRAST = 4.5;
const WIDTHS = [390, 1280] as const;
const HEIGHT = 800;

const PAGES: Record<string, string> = {
  'the Dutch home page (themed hero)': '/',
  'the English home page (themed hero)': '/en',
  'a Dutch themed page': '/de-wet',
  'an English themed page': '/en/the-law',
  'a page with an unthemed hero': '/over-ons',
};

/** A hero page and a plain page of each language, visited in turn by client navigation. */
const NAVIGATIONS = {
  nl: { hero: '/', plain: '/de-wet' },
  en: { hero: '/en', plain: '/en/the-law' },
} as const;

interface Reading {
  /** The element read, as a short selector. */
  element: string;
  text: string;
  behind: string;
  ratio: number;
}
interface Frame {
  hydrated: boolean;
  path: string;
  /** The header's own text and background colours. */
  header: string;
  worst: Reading | null;
}
interface SamplerWindow {
  headerFrames: Frame[];
  /** Changes of the header's state and the theme on <html>: `name: old → new`. */
  stateChanges: string[];
}

/**
 * Runs in the page before its own scripts: in every animation frame, for each visible control of the
 * header (the wordmark, links, buttons), its text colour and the colour painted behind its centre
 * (the backgrounds of what lies there, top to bottom, alpha composed, over the white canvas), and
 * WCAG's contrast ratio of the two. Keeps the worst reading of each frame.
 */
const sampleHeaderEveryFrame = () => {
  type Rgba = [number, number, number, number];
  const sampler = window as unknown as SamplerWindow;
  sampler.headerFrames = [];
  sampler.stateChanges = [];
  new MutationObserver((records) => {
    for (const { target, attributeName, oldValue } of records) {
      if (target !== document.documentElement || !attributeName) continue;
      const now = document.documentElement.getAttribute(attributeName);
      if (oldValue !== now) sampler.stateChanges.push(`${attributeName}: ${oldValue} → ${now}`);
    }
  }).observe(document, {
    subtree: true,
    attributeFilter: ['data-header-trans', 'data-theme'],
    attributeOldValue: true,
  });
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  // Any CSS colour (rgb, oklch, mid-transition values) as sRGB bytes, the way the canvas paints it.
  const rgba = (colour: string): Rgba => {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const alpha = top[3] + bottom[3] * (1 - top[3]);
    if (alpha === 0) return [0, 0, 0, 0];
    const channel = (index: 0 | 1 | 2) => (top[index] * top[3] + bottom[index] * bottom[3] * (1 - top[3])) / alpha;
    return [channel(0), channel(1), channel(2), alpha];
  };
  const luminance = ([r, g, b]: Rgba) => {
    const linear = (value: number) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  };
  const format = ([r, g, b, a]: Rgba) => `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${a.toFixed(2)})`;
  const WHITE: Rgba = [255, 255, 255, 1];

  /** The page transitions' decorations (pointer-events: none, so not hit by elementsFromPoint) over a point. */
  const decorationOver = (x: number, y: number) =>
    [...document.querySelectorAll('.swipe--active, .scale-image')].some((decoration) => {
      const box = decoration.getBoundingClientRect();
      return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
    });

  const read = (element: Element): Reading | null => {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return null;
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1 || box.bottom <= 0 || box.top >= window.innerHeight) return null;
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    if (decorationOver(x, y)) return null;
    const stack = document.elementsFromPoint(x, y);
    const own = stack.findIndex((hit) => element.contains(hit));
    if (own < 0) return null;
    // Something opaque above it hides it: nothing of it is painted there.
    if (stack.slice(0, own).some((hit) => rgba(getComputedStyle(hit).backgroundColor)[3] > 0)) return null;
    let behind: Rgba = [0, 0, 0, 0];
    for (const hit of stack.slice(own)) {
      behind = over(behind, rgba(getComputedStyle(hit).backgroundColor));
      if (behind[3] >= 0.999) break;
    }
    behind = over(behind, WHITE);
    const text = over(rgba(getComputedStyle(element).color), behind);
    const name = element.classList.length
      ? `${element.localName}.${[...element.classList].join('.')}`
      : element.localName;
    return { element: name, text: format(text), behind: format(behind), ratio: contrast(text, behind) };
  };

  const frame = () => {
    const header = document.querySelector('.site-header');
    // Before the stylesheet applies nothing of the page is painted.
    if (header && getComputedStyle(header).position === 'sticky') {
      let worst: Reading | null = null;
      for (const element of header.querySelectorAll('.wordmark, a, button')) {
        const reading = read(element);
        if (reading && (!worst || reading.ratio < worst.ratio)) worst = reading;
      }
      sampler.headerFrames.push({
        hydrated: document.documentElement.dataset.hydrated === 'true',
        path: location.pathname,
        header: `${getComputedStyle(header).color} on ${getComputedStyle(header).backgroundColor}`,
        worst,
      });
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
};

/** Nothing in the header or the page transitions moves any more. */
const headerAtRest = () =>
  document.querySelector('.site-header')!.getAnimations({ subtree: true }).length === 0 &&
  !document.querySelector('.swipe--active') &&
  !document.documentElement.hasAttribute('data-transitioning');

/** The frames recorded since the last call. */
const takeFrames = (page: Page) =>
  page.evaluate(() => {
    const sampler = window as unknown as SamplerWindow;
    return sampler.headerFrames.splice(0);
  });

const expectReadableInEveryFrame = (frames: Frame[], where: string) => {
  const failing = frames.filter((frame) => frame.worst && frame.worst.ratio < MIN_CONTRAST);
  expect(
    failing.map((frame) => ({ hydrated: frame.hydrated, path: frame.path, ...frame.worst })),
    `${where}: frames (of ${frames.length}) with header text below ${MIN_CONTRAST}:1`,
  ).toEqual([]);
};

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: HEIGHT } });

    for (const [name, path] of Object.entries(PAGES)) {
      test(`${name}: readable header from the first paint through hydration`, async ({ page }) => {
        await page.addInitScript(sampleHeaderEveryFrame);
        await page.goto(path);
        // Hydrated, the page's state handed to the client (its entry on <html>), and the header still.
        await page.waitForFunction(
          () => document.documentElement.dataset.hydrated === 'true' && Boolean(document.documentElement.dataset.entry),
        );
        await page.waitForFunction(headerAtRest);
        const frames = await takeFrames(page);
        expect(frames.filter((frame) => !frame.hydrated).length, 'frames before hydration').toBeGreaterThan(0);
        expect(frames.filter((frame) => frame.worst).length, 'frames with a visible header').toBeGreaterThan(0);
        expectReadableInEveryFrame(frames, path);
        // The first paint is already the final state: hydration changes nothing in the header.
        const settled = frames.at(-1)!.header;
        expect(
          frames.filter((frame) => frame.header !== settled),
          `${path}: frames whose header differs from its settled state (${settled})`,
        ).toEqual([]);
        const changes = await page.evaluate(() => (window as unknown as SamplerWindow).stateChanges);
        expect(changes, `${path}: changes of the header's state on <html>`).toEqual([]);
      });
    }

    for (const [locale, { hero, plain }] of Object.entries(NAVIGATIONS)) {
      test(`${locale}: readable header through navigations between a hero page and a plain page`, async ({ page }) => {
        await page.addInitScript(sampleHeaderEveryFrame);
        await page.goto(hero);
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        await page.waitForFunction(headerAtRest);
        await takeFrames(page);
        for (const target of [plain, hero, plain]) {
          // A click on a link in rich text: a client navigation, with the transition every link has.
          await page.evaluate((href) => {
            const text = document.createElement('div');
            text.className = 'rich-text';
            text.innerHTML = `<a href="${href}">next</a>`;
            document.querySelector('main')!.append(text);
            text.querySelector('a')!.click();
          }, target);
          await page.waitForURL(target);
          await page.waitForFunction(headerAtRest);
          expectReadableInEveryFrame(await takeFrames(page), `to ${target}`);
        }
      });
    }
  });
}
