import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glideSignature } from '../../src/common/glide-signature.ts';
import { crawl } from '../helpers/crawl.ts';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import type { SiteWithCms } from '../helpers/site-with-cms.ts';
import { get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// Images with Glide's signing left on. The site starts the embedded sample CMS with signing on and a key
// it shares with it (GLIDE_SIGNING_KEY here, so that the test can check each signature; a random one
// otherwise) and with the API throttle it is given: every Glide URL of every page is signed, those of the
// home page are answered (each is an encoding: all of them would take minutes), and one unsigned or
// changed is refused, as Statamic refuses it. Beside a real CMS without
// GLIDE_SIGNING_KEY the site asks for no resize: pages show the assets' own files.

const THROTTLE = '100000';
const EMBEDDED_KEY = 'glide-images-embedded-cms-key';
const GLIDE_KEY = 'base64:glide-images-test-app-key';
let embedded: Site;
let withoutKey: SiteWithCms;

beforeAll(async () => {
  [embedded, withoutKey] = await Promise.all([
    openSite({
      CMS_API_KEY: EMBEDDED_KEY,
      GLIDE_SIGNING_KEY: GLIDE_KEY,
      CONTENT_API_THROTTLE: THROTTLE,
      CONTENT_API_THROTTLE_WINDOW_S: '3600',
    }),
    startSiteWithCms({ GLIDE_SIGNING_KEY: '' }),
  ]);
});
afterAll(async () => {
  await Promise.all([embedded?.stop(), withoutKey?.stop()]);
});

/** Every image URL a page names: `src`, each `srcset` candidate and the share image. */
const imageUrls = (html: string): string[] => {
  const urls = [
    ...[...html.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!),
    ...[...html.matchAll(/\ssrcSet="([^"]+)"/gi)].flatMap((match) =>
      match[1]!.split(', ').map((candidate) => candidate.split(' ')[0]!),
    ),
    ...[...html.matchAll(/<meta property="og:image" content="([^"]+)"/g)].map((match) => match[1]!),
  ];
  return urls.map((url) => url.replaceAll('&amp;', '&'));
};

describe('images beside the embedded sample CMS, with Glide signing on', () => {
  /** A URL of a page, as this site's address (the share image is absolute on PUBLIC_URL). */
  const onSite = (url: string) => {
    const { pathname, search } = new URL(url, embedded.url);
    return embedded.url + pathname + search;
  };

  it('signs every Glide URL of the pages crawled with the key it shares with the CMS', async () => {
    // Sixty pages hold every template and far more images than the home page.
    const pages = await crawl(embedded.url, ['/', '/en'], 60);
    const glideUrls = new Set(
      pages.flatMap((page) => imageUrls(page.html).map(onSite)).filter((url) => url.includes('/cms/img/')),
    );
    expect(glideUrls.size).toBeGreaterThan(60);
    for (const url of glideUrls) {
      const { pathname, searchParams } = new URL(url);
      const params = Object.fromEntries([...searchParams].filter(([name]) => name !== 's'));
      // The CMS sees the path without the site's /cms mount.
      const expected = glideSignature(GLIDE_KEY, pathname.replace(/^\/cms/, ''), params);
      expect(searchParams.get('s'), url).toBe(expected);
    }
  }, 240_000);

  it('has every image URL of the home page answered with an image', async () => {
    const urls = new Set(imageUrls(await (await get(`${embedded.url}/`)).text()).map(onSite));
    expect([...urls].filter((url) => url.includes('/cms/img/')).length).toBeGreaterThan(10);
    const failed: string[] = [];
    for (const url of urls) {
      const response = await get(url);
      await response.arrayBuffer();
      if (response.status !== 200 || !/^(image\/|application\/json)/.test(response.headers.get('content-type') ?? ''))
        failed.push(`${response.status} ${url}`);
    }
    expect(failed).toEqual([]);
  }, 120_000);

  it('refuses an unsigned or changed Glide URL with 400, as Statamic does', async () => {
    const html = await (await get(`${embedded.url}/`)).text();
    const url = new URL(onSite(imageUrls(html).find((candidate) => candidate.includes('/cms/img/'))!));
    const unsigned = new URL(url);
    unsigned.searchParams.delete('s');
    const widened = new URL(url);
    widened.searchParams.set('w', '4000');
    expect((await get(unsigned.href)).status).toBe(400);
    expect((await get(widened.href)).status).toBe(400);
    expect((await get(url.href)).status).toBe(200);
  });

  it('starts the embedded CMS with the API throttle it is given (CONTENT_API_THROTTLE)', async () => {
    const started = embedded.logs.map((line) => JSON.parse(line) as { msg: string; apiUrl?: string });
    const apiUrl = started.find((line) => line.msg.startsWith('embedded sample content service started'))?.apiUrl;
    const answer = await get(`${apiUrl}/globals`, { 'X-Api-Key': EMBEDDED_KEY });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-limit')).toBe(THROTTLE);
    // The site's own calls were counted in the same window: it is the one client.
    expect(Number(answer.headers.get('x-ratelimit-remaining'))).toBeLessThan(Number(THROTTLE) - 1);
  });

  it('never puts the Glide key into a page or a log line', async () => {
    const html = await (await get(`${embedded.url}/`)).text();
    expect(html).not.toContain(GLIDE_KEY);
    expect(embedded.logs.join('\n')).not.toContain(GLIDE_KEY);
  });
});

describe('images beside a real CMS without GLIDE_SIGNING_KEY', () => {
  it("shows each image from the asset's own URL, at its own size, with no Glide URL at all", async () => {
    const { site } = withoutKey;
    const html = await (await get(`${site.url}/en/about-us`)).text();
    const urls = imageUrls(html);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => url.includes('/img/'))).toEqual([]);
    expect(html).not.toMatch(/srcset=/i);
    expect(html).not.toContain('og:image:width');
    for (const url of urls) expect((await get(new URL(url, site.url).href)).status, url).toBe(200);
  });
});
