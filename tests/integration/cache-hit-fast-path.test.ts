import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { get, openSite, viewUntilCached } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// A fresh cache hit is answered ahead of Express (server/page-cache/cache-hit-fast-path.ts); the same
// page asked with a campaign parameter, which the page cache's key leaves out but the fast path does
// not take, is the same hit answered by the full path. Both answers must be the same in every header,
// byte, access log line and metric. tests/unit/cache-hit-fast-path.test.ts shows which requests the
// fast path takes.

let site: Site;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  site = await openSite({ METRICS_PORT: String(port) });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});
afterAll(async () => {
  await site.stop();
});

const scrape = async () => (await fetch(metricsUrl)).text();
/** The series that differ between two scrapes, with how much each grew. */
const grown = (before: string, after: string): Record<string, number> => {
  const values = (text: string) =>
    new Map(
      text
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => [line.slice(0, line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ') + 1))]),
    );
  const old = values(before);
  const changes: Record<string, number> = {};
  for (const [series, value] of values(after)) {
    // Durations differ from answer to answer; how many there were may not.
    if (/_(bucket|sum)\{/.test(series) || /^(process|nodejs)_/.test(series)) continue;
    if (value !== (old.get(series) ?? 0)) changes[series] = value - (old.get(series) ?? 0);
  }
  return changes;
};

/** The access log line of a request, without what differs by request (its id, time, duration, URL). */
const logLineOf = (requestId: string) => {
  const line = site.logs.find(
    (candidate) => candidate.includes(`"id":"${requestId}"`) && candidate.includes('"msg":"request completed"'),
  );
  expect(line, `the access log line of ${requestId}`).toBeDefined();
  const { time, responseTime, req, ...rest } = JSON.parse(line!) as {
    time: string;
    responseTime: number;
    req: { id: string; url: string };
  };
  expect([typeof time, typeof responseTime]).toEqual(['string', 'number']);
  const { id, url, ...request } = req;
  expect([id, typeof url]).toEqual([requestId, 'string']);
  return { ...rest, req: request };
};

/** One request, with the metrics it moved and the headers that are its own taken out. */
const answer = async (url: string, headers: Record<string, string>) => {
  const before = await scrape();
  const response = await get(url, headers);
  const body = Buffer.from(await response.arrayBuffer());
  // The log line and the metrics follow the last byte; the scrape may come first.
  const requestId = response.headers.get('x-request-id')!;
  await expect
    .poll(() => site.logs.some((line) => line.includes(`"id":"${requestId}"`) && line.includes('request completed')))
    .toBe(true);
  const metrics = grown(before, await scrape());
  const own = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'));
  return { status: response.status, headers: own, body, log: logLineOf(requestId), metrics };
};

const cases: Array<[string, string, Record<string, string>]> = [
  ['a page', '/over-ons', {}],
  ['a page in brotli', '/en/about-us', { 'Accept-Encoding': 'gzip, deflate, br' }],
  ['a list in gzip', '/actualiteiten', { 'Accept-Encoding': 'gzip' }],
];

describe('a fresh cache hit', () => {
  it.each(cases)('%s: the fast path and the full path answer alike', async (_name, path, headers) => {
    const { response: kept } = await viewUntilCached(`${site.url}${path}`, headers);
    const fast = await answer(`${site.url}${path}`, headers);
    const full = await answer(`${site.url}${path}?utm_source=newsletter`, headers);

    expect(fast.status).toBe(200);
    expect(fast.headers).toEqual(full.headers);
    expect(fast.headers.etag).toBe(kept.headers.get('etag'));
    expect(fast.body.equals(full.body)).toBe(true);
    expect(fast.log).toEqual(full.log);
    expect(fast.metrics).toEqual(full.metrics);
    expect(Object.keys(fast.metrics)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^http_server_request_duration_seconds_count\{.*http_response_status_code="200"/),
        'page_cache_lookups_total{result="hit"}',
        'html_time_to_first_byte_seconds_count{source="cache"}',
      ]),
    );
  });

  it('answers 304 to a client that has the page, on both paths alike', async () => {
    const { response } = await viewUntilCached(`${site.url}/over-ons`);
    const headers = { 'If-None-Match': response.headers.get('etag')! };
    const fast = await answer(`${site.url}/over-ons`, headers);
    const full = await answer(`${site.url}/over-ons?utm_source=newsletter`, headers);
    expect([fast.status, full.status]).toEqual([304, 304]);
    expect(fast.headers).toEqual(full.headers);
    expect(fast.log).toEqual(full.log);
    expect(fast.metrics).toEqual(full.metrics);
  });
});
