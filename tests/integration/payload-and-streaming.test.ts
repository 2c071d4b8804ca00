import http from 'node:http';
import { createGunzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_USER_AGENT, get, startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

let site: RunningSite;
let buildId: string;
beforeAll(async () => {
  site = await startSite();
  buildId = ((await (await get(`${site.url}/_build/latest.json`)).json()) as { id: string }).id;
});
afterAll(async () => {
  await site.stop();
});

/**
 * Reads a response chunk by chunk and notes, for the first decoded text that contains `marker`,
 * whether `later` was already there and whether the response had ended.
 */
const firstArrival = (path: string, marker: string, later: string, gzip: boolean) =>
  new Promise<{ laterAlreadyThere: boolean; ended: boolean; text: string }>((resolve, reject) => {
    const headers: Record<string, string> = { 'User-Agent': BROWSER_USER_AGENT };
    if (gzip) headers['Accept-Encoding'] = 'gzip';
    http
      .get(site.url + path, { headers }, (response) => {
        let ended = false;
        let text = '';
        let seen: { laterAlreadyThere: boolean; ended: boolean } | null = null;
        const body = gzip ? response.pipe(createGunzip()) : response;
        if (gzip) expect(response.headers['content-encoding']).toBe('gzip');
        response.on('end', () => {
          ended = true;
        });
        body.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (!seen && text.includes(marker)) seen = { laterAlreadyThere: text.includes(later), ended };
        });
        body.on('end', () => (seen ? resolve({ ...seen, text }) : reject(new Error(`${marker} never arrived`))));
      })
      .on('error', reject);
  });

describe('streamed HTML', () => {
  it('sends the shell before the slowest part of the page has rendered', async () => {
    const result = await firstArrival('/', '<h1>', 'data-testid="latest-updates"', false);
    expect(result.laterAlreadyThere).toBe(false);
    expect(result.ended).toBe(false);
    expect(result.text).toContain('data-testid="latest-updates"');
  });

  it('still streams through gzip compression', async () => {
    const result = await firstArrival('/en', '<h1>', 'data-testid="latest-updates"', true);
    expect(result.laterAlreadyThere).toBe(false);
    expect(result.ended).toBe(false);
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

  it('answers a payload request of another build with a non-payload response', async () => {
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
