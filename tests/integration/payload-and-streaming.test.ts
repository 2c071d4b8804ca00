import http from 'node:http';
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import type { SiteWithCms } from '../helpers/site-with-cms.ts';
import { BROWSER_USER_AGENT, get } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// A CMS that takes 150 ms per request and 600 ms for a list: with no answer kept (after a change to
// everything), lists below the fold arrive well after the shell, which does not wait for them
// (HTML_IN_ORDER_WAIT_MS=0).
let withCms: SiteWithCms;
let site: Site;
let buildId: string;
beforeAll(async () => {
  withCms = await startSiteWithCms({ HTML_IN_ORDER_WAIT_MS: '0' });
  withCms.proxy.latencyMs = 150;
  withCms.proxy.slower = { match: /&sort=/, latencyMs: 600 };
  site = withCms.site;
  buildId = ((await (await get(`${site.url}/_build/latest.json`)).json()) as { id: string }).id;
});
afterAll(async () => {
  await withCms.stop();
});

/**
 * Reads a response as it arrives on the wire and notes, at the first moment its bytes so far decode
 * to text containing `marker`, whether `later` was already there.
 * Compressed bytes are decoded with a sync flush, so a chunk counts when it arrives, not when a
 * decompressing stream gets round to it.
 */
/** Each encoding's decoder, told to give out what it has so far (a stream cut at a flush). */
const decoders = {
  identity: (bytes: Buffer) => bytes,
  gzip: (bytes: Buffer) => gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }),
  br: (bytes: Buffer) => brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH }),
};

const firstArrival = (path: string, marker: string, later: string, encoding: keyof typeof decoders) =>
  new Promise<{ laterAlreadyThere: boolean; text: string }>((resolve, reject) => {
    const headers: Record<string, string> = { 'User-Agent': BROWSER_USER_AGENT };
    if (encoding !== 'identity') headers['Accept-Encoding'] = encoding;
    http
      .get(site.url + path, { headers }, (response) => {
        expect(response.headers['content-encoding'] ?? 'identity').toBe(encoding);
        const chunks: Buffer[] = [];
        const decode = () => {
          const bytes = Buffer.concat(chunks);
          return decoders[encoding](bytes).toString();
        };
        let seen: { laterAlreadyThere: boolean } | null = null;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          const text = decode();
          if (!seen && text.includes(marker)) seen = { laterAlreadyThere: text.includes(later) };
        });
        response.on('end', () =>
          seen ? resolve({ ...seen, text: decode() }) : reject(new Error(`${marker} never arrived`)),
        );
      })
      .on('error', reject);
  });

describe('streamed HTML', () => {
  it('sends the shell before the slowest part of the page has rendered', async () => {
    await withCms.changeEverything();
    const result = await firstArrival('/agenda', '<h1', 'block--collection-list', 'identity');
    expect(result.laterAlreadyThere).toBe(false);
    expect(result.text).toContain('block--collection-list');
  });

  it.each([
    ['gzip', '/en/news'],
    ['br', '/en/events'],
  ] as const)('still streams through %s compression', async (encoding, path) => {
    await withCms.changeEverything();
    const result = await firstArrival(path, '<h1', 'block--collection-list', encoding);
    expect(result.laterAlreadyThere).toBe(false);
    expect(result.text).toContain('block--collection-list');
  });
});

describe('RSC payloads', () => {
  it('serves the payload of a route at its URL with the build id', async () => {
    const response = await get(`${site.url}/en?_rsc=${buildId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/x-component/);
    const payload = await response.text();
    expect(payload).toContain(`"buildId":"${buildId}"`);
    expect(payload).toContain('"lang":"en"');
    expect(payload).not.toContain('<!DOCTYPE');
  });

  it('answers a payload request of an unknown build with a non-payload response', async () => {
    const response = await get(`${site.url}/en?_rsc=0000000000000000`);
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the error status in payloads of missing pages', async () => {
    const response = await get(`${site.url}/x/y/z/w?_rsc=${buildId}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/x-component/);
    expect(await response.text()).toContain('Page not found: /x/y/z/w');
  });

  it('redirects a payload request with a trailing slash to the payload without it', async () => {
    const response = await get(`${site.url}/over-ons/?_rsc=${buildId}`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/over-ons?_rsc=${buildId}`);
  });

  it('serves the current build id as JSON, never cached', async () => {
    const response = await get(`${site.url}/_build/latest.json?t=${Date.now()}`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(buildId).toMatch(/^[0-9a-f]{16}$/);
  });
});
