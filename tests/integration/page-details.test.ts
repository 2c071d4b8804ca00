import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContentStore } from '../../sample-cms/content/store.ts';
import { imageSize } from '../helpers/image-size.ts';
import { get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// What a visitor expects on a page besides its content: when it was last changed, what a download is and
// how large, on a Dutch error page a Dutch line under the English heading, and icons for a home screen.

const NL = { Cookie: 'i18n_redirected=nl' };
const EN = { Cookie: 'i18n_redirected=en' };

let site: Site;

beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site.stop();
});

const page = async (path: string, headers = NL, status = 200) => {
  const response = await get(site.url + path, headers);
  expect(response.status, path).toBe(status);
  return response.text();
};

/** The entry's `updated_at` as the sample CMS sends it. */
const updatedAt = (slug: string, site: 'default' | 'en') =>
  buildContentStore().entries.find((entry) => entry.slug === slug && entry.site === site)!.updatedAt;

const amsterdamDay = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: 'Europe/Amsterdam' });

describe('last updated', () => {
  it('ends a content page with the day of its update date, in a <time datetime>', async () => {
    const dutch = updatedAt('over-ons', 'default');
    const dutchDay = new Date(dutch).toLocaleDateString('nl-NL', {
      timeZone: 'Europe/Amsterdam',
      dateStyle: 'long',
    });
    expect(await page('/over-ons')).toContain(
      `<p class="entry__updated">Laatst gewijzigd op <time dateTime="${amsterdamDay(dutch)}">${dutchDay}</time></p>`,
    );
    const english = updatedAt('about-us', 'en');
    const englishDay = new Date(english).toLocaleDateString('en-GB', {
      timeZone: 'Europe/Amsterdam',
      dateStyle: 'long',
    });
    expect(await page('/en/about-us', EN)).toContain(
      `<p class="entry__updated">Last updated on <time dateTime="${amsterdamDay(english)}">${englishDay}</time></p>`,
    );
  });

  it('is not on the home page nor on other templates', async () => {
    expect(await page('/')).not.toContain('entry__updated');
    expect(await page('/actualiteiten/nieuwe-tarieven-voor-inschrijving-in-2027')).not.toContain('entry__updated');
  });
});

describe('downloads', () => {
  /** The size of a served file, as the visitor's download will be. */
  const servedBytes = async (url: string) => (await (await fetch(url)).arrayBuffer()).byteLength;
  const kilobytes = (bytes: number, locale: string) =>
    `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1000)} kB`;

  it('name their type and their size, with the decimal sign of the language', async () => {
    const html = await page('/over-ons/jaarverslagen');
    const items = [...html.matchAll(/<a class="downloads__link" href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)];
    expect(items.length).toBe(3);
    for (const [, href, label] of items) {
      const bytes = await servedBytes(href!.startsWith('http') ? href! : site.url + href!);
      expect(bytes).toBeGreaterThan(1000);
      expect(label).toContain(`<span class="downloads__type"> (PDF, ${kilobytes(bytes, 'nl-NL')})</span>`);
      expect(label).toMatch(/\d,\d kB|\d kB/);
    }
    const english = await page('/en/about-us/annual-reports', EN);
    expect(english).toMatch(/<span class="downloads__type"> \(PDF, \d+(\.\d)? kB\)<\/span>/);
  });

  it('of a publication show their type and size on the download', async () => {
    const list = await page('/publicaties');
    const path = /href="(\/publicaties\/[^"?]+)"/.exec(list)![1]!;
    const html = await page(path);
    const download = /<a class="button" href="([^"]+)" download="">([\s\S]*?)<\/a>/.exec(html);
    expect(download).not.toBeNull();
    const bytes = await servedBytes(download![1]!.startsWith('http') ? download![1]! : site.url + download![1]!);
    expect(download![2]).toMatch(new RegExp(`^Downloaden: [\\w-]+\\.pdf \\(PDF, ${kilobytes(bytes, 'nl-NL')}\\)$`));
  });
});

describe('error pages', () => {
  it('keep the English heading and add a Dutch line on Dutch pages only', async () => {
    const dutch = await page('/bestaat-niet', NL, 404);
    expect(dutch).toContain(
      '<h1 lang="en">Page Not Found</h1><p class="error-page__translation">Pagina niet gevonden</p>',
    );
    const english = await page('/en/does-not-exist', EN, 404);
    expect(english).toContain('<h1>Page Not Found</h1>');
    expect(english).not.toContain('error-page__translation');
  });
});

describe('icons and the web manifest', () => {
  it('are named in the head of every page', async () => {
    for (const [path, headers, manifest] of [
      ['/', NL, '/manifest.webmanifest'],
      ['/en/about-us', EN, '/en/manifest.webmanifest'],
    ] as const) {
      const html = await page(path, headers);
      expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>');
      expect(html).toContain(`<link rel="manifest" href="${manifest}"/>`);
    }
  });

  it('has a manifest per language, opening the home page of its language', async () => {
    for (const [path, lang, start] of [
      ['/manifest.webmanifest', 'nl', '/'],
      ['/en/manifest.webmanifest', 'en', '/en'],
    ] as const) {
      const response = await get(`${site.url}${path}`);
      expect(response.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
      expect(await response.json()).toMatchObject({ lang, start_url: start });
    }
  });

  it('are served with their types, kept a day, the icons at the sizes the manifest names', async () => {
    const response = await get(`${site.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Architectenregister',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1f3a5f',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const icons = [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }];
    for (const icon of icons) {
      const file = await get(site.url + icon.src);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('cache-control')).toBe('public, max-age=86400');
      const size = imageSize(Buffer.from(await file.arrayBuffer()));
      expect(`${size?.width}x${size?.height}`, icon.src).toBe(icon.sizes);
      expect(size?.type).toBe('png');
    }
    expect((await get(`${site.url}/icons/none.png`)).status).toBe(404);
  });
});
