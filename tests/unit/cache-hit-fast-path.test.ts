import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageCacheKey } from '../../server/page-cache/cache-key.ts';
import { createCacheHitFastPath } from '../../server/page-cache/cache-hit-fast-path.ts';
import { createPageCache } from '../../server/page-cache/page-cache.ts';

// Which requests the cache-hit fast path answers, over a real page cache and HTTP server; what it
// passes on gets 418 here (Express in the site). tests/integration/cache-hit-fast-path.test.ts holds
// its answers to the full path's.

const BUILD = 'build-1';
// The cache's clock: a page kept with it set back two hours is past its hour.
let offset = 0;
const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000, now: () => Date.now() + offset });
let draining = false;
const seen = { lookups: 0, firstBytes: 0, answers: [] as Array<[string | null, string, number]>, logged: 0 };
const fastPath = createCacheHitFastPath({
  cache,
  buildId: BUILD,
  securityHeaders: [['X-Content-Type-Options', 'nosniff']],
  pageHeaders: (page) => [
    ['Content-Type', page.contentType],
    ['Vary', 'Accept-Encoding'],
  ],
  logRequest: () => {
    seen.logged += 1;
  },
  countAnswer: (route, method, status) => seen.answers.push([route, method, status]),
  observe: {
    lookup: () => (seen.lookups += 1),
    firstByte: () => (seen.firstBytes += 1),
  },
  draining: () => draining,
  inSpan: (_req, _res, _routeName, answer) => answer(),
});

let server: Server;
let origin: string;

const keep = async (kind: 'html' | 'rsc', path: string, body: string) => {
  const page = {
    contentType: kind === 'html' ? 'text/html; charset=utf-8' : 'text/x-component; charset=utf-8',
    body: Buffer.from(body),
    tags: [],
    scriptHashes: [],
    routeName: 'slug___nl',
  };
  await cache.store(pageCacheKey(BUILD, kind, path, '').key, page, cache.generation);
};

beforeAll(async () => {
  server = createServer((req, res) => {
    if (fastPath(req, res)) return;
    res.statusCode = 418;
    res.end('passed on');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await keep('html', '/over-ons', '<!DOCTYPE html><title>Over ons</title>');
  await keep('rsc', '/over-ons', '0:{"page":"over-ons"}');
  offset = -2 * 3_600_000;
  await keep('html', '/oud', '<!DOCTYPE html><title>Oud</title>');
  offset = 0;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  draining = false;
  Object.assign(seen, { lookups: 0, firstBytes: 0, answers: [], logged: 0 });
});

describe('the cache-hit fast path', () => {
  it('answers a fresh page, with its headers, log line and metrics', async () => {
    const response = await fetch(`${origin}/over-ons`, { headers: { 'Accept-Encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe('<!DOCTYPE html><title>Over ons</title>');
    await expect.poll(() => seen.answers).toEqual([['/:slug', 'GET', 200]]);
    expect(seen).toMatchObject({ lookups: 1, firstBytes: 1, logged: 1 });
  });

  it('answers the payload of this build, and HEAD without a body', async () => {
    const payload = await fetch(`${origin}/over-ons?_rsc=${BUILD}`);
    expect([payload.status, await payload.text()]).toEqual([200, '0:{"page":"over-ons"}']);
    const head = await fetch(`${origin}/over-ons`, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
    expect([head.status, await head.text(), head.headers.get('content-length')]).toEqual([200, '', '38']);
    // Only the HTML's first byte is timed.
    await expect.poll(() => seen.answers.length).toBe(2);
    expect(seen.firstBytes).toBe(1);
  });

  it.each([
    ['a page not kept', '/elders', {}],
    ['a query other than the payload parameter', '/over-ons?utm_source=x', {}],
    ['the payload of another build', '/over-ons?_rsc=build-0', {}],
    ['another method', '/over-ons', { method: 'POST' }],
  ])('passes on %s', async (_name, path, init) => {
    expect((await fetch(`${origin}${path}`, init)).status).toBe(418);
    expect(seen).toMatchObject({ lookups: 0, logged: 0, answers: [] });
  });

  it('passes on a page past its hour (the full path serves it stale and renders it again), and everything while draining', async () => {
    expect((await fetch(`${origin}/oud`)).status).toBe(418);
    draining = true;
    expect((await fetch(`${origin}/over-ons`)).status).toBe(418);
    expect(seen.logged).toBe(0);
  });
});
