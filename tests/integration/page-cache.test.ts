import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import type { SiteWithCms } from '../helpers/site-with-cms.ts';
import { WHOLE_PAGES, get, openSite, viewUntilCached } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// The rendered page cache: a public page is rendered once, then served from memory with its ETag and
// pre-compressed bodies; previews, errors and searches never come from it.

let site: Site;
const NL = { Cookie: 'i18n_redirected=nl' };
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site.stop();
});

/** Raw bytes as sent (fetch would decompress them). */
const raw = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(site.url + path, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });

/** Requests `path` until it comes from the cache (it is kept once its first render was sent and compressed). */
const cachedEtag = async (path: string, headers: Record<string, string> = NL): Promise<string> => {
  await viewUntilCached(site.url + path, headers);
  return (await raw(path, headers)).headers.etag!;
};

/** Whether `path` came without an ETag on each of several views, spaced as a kept page would need. */
const neverCached = async (path: string, headers: Record<string, string> = NL): Promise<boolean> => {
  for (let view = 0; view < 10; view += 1) {
    if ((await raw(path, headers)).headers.etag) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
};

describe('the page cache', () => {
  it('serves a page with the same strong ETag, 304 for it, and compressed bodies equal to the page', async () => {
    const etag = await cachedEtag('/over-ons');
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    const identity = await raw('/over-ons', { ...NL, 'Accept-Encoding': 'identity' });
    expect(identity.headers.etag).toBe(etag);
    expect(identity.headers['content-length']).toBe(String(identity.body.length));
    expect(identity.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=3600');
    expect(identity.headers.vary).toBe('Accept-Encoding');

    const gzip = await raw('/over-ons', { ...NL, 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    const br = await raw('/over-ons', { ...NL, 'Accept-Encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(new Set([identity.headers.etag, gzip.headers.etag, br.headers.etag]).size).toBe(3);

    for (const tag of [etag, gzip.headers.etag!, `W/${etag}`]) {
      const notModified = await raw('/over-ons', { ...NL, 'If-None-Match': tag });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
    }
  });

  it('keeps payloads and filtered lists, and answers HEAD without a body', async () => {
    const buildId = ((await (await get(`${site.url}/_build/latest.json`)).json()) as { id: string }).id;
    expect(await cachedEtag(`/over-ons?_rsc=${buildId}`)).toMatch(/^"/);
    expect(await cachedEtag('/cursussen?type=masterclass')).toMatch(/^"/);
    const head = await fetch(`${site.url}/over-ons`, { method: 'HEAD', headers: NL });
    expect(head.headers.get('etag')).not.toBeNull();
    expect(await head.text()).toBe('');
  });

  it('keeps one copy of a page for every visitor, a first view without the locale cookie included', async () => {
    const etag = await cachedEtag('/en/about-us', {});
    const withCookie = await raw('/en/about-us', { Cookie: 'i18n_redirected=nl' });
    expect(withCookie.headers.etag).toBe(etag);
    for (const view of [withCookie, await raw('/en/about-us', {})]) {
      expect(view.headers['set-cookie']).toBeUndefined();
      expect(view.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=3600');
    }
  });

  it('never keeps previews, errors or searches, and shares none of them', async () => {
    for (const path of [
      '/cms-preview/pages/d8334c4e-0eec-54c4-abfa-d9492a9880b0?token=development-preview-token',
      '/no-such-page',
      '/zoeken?q=wet',
      '/vind-een-architect?searchTerm=dudok',
    ]) {
      expect(await neverCached(path), path).toBe(true);
      expect((await raw(path, NL)).headers['cache-control'], path).toMatch(/^(private, no-cache|no-store)$/);
    }
  });

  it('renders a page of a made-up query each time instead of keeping it', async () => {
    expect(await neverCached('/over-ons?session=12345')).toBe(true);
    expect(await cachedEtag('/over-ons?utm_source=newsletter')).toMatch(/^"/);
  });
});

describe('a burst of first views of one page', () => {
  let withCms: SiteWithCms;
  beforeAll(async () => {
    withCms = await startSiteWithCms(WHOLE_PAGES);
  });
  afterAll(async () => {
    await withCms.stop();
  });

  const burst = (path: string, views: number) =>
    Promise.all(
      Array.from({ length: views }, async () => {
        const response = await get(withCms.site.url + path, NL);
        return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
      }),
    );

  it('renders the page once: the views that came in meanwhile get the copy it kept', async () => {
    // Nothing kept, CMS answers included, and a slow CMS: every view arrives while the first renders.
    await withCms.changeEverything();
    withCms.proxy.latencyMs = 150;
    const views = await burst('/over-ons', 6);
    expect(views.map((view) => view.status)).toEqual(Array(6).fill(200));
    // The rendered one streams with its nonce and no ETag; the others are the kept copy.
    const rendered = views.filter((view) => view.etag === null);
    const kept = views.filter((view) => view.etag !== null);
    expect(rendered).toHaveLength(1);
    expect(new Set(kept.map((view) => view.etag)).size).toBe(1);
    expect(new Set(kept.map((view) => view.body)).size).toBe(1);
    expect(kept[0]!.body).toContain('<h1');
  });

  it('lets the waiting views render for themselves when the first is not kept', async () => {
    await withCms.changeEverything();
    withCms.proxy.latencyMs = 150;
    const views = await burst('/bestaat-niet', 4);
    expect(views.map((view) => view.status)).toEqual(Array(4).fill(404));
    expect(views.every((view) => view.etag === null && view.body.includes('<h1'))).toBe(true);
  });
});
