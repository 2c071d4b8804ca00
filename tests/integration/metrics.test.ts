import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { manifestRedisUser, startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';
import { ROOT, get, openSite, viewUntilCached } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// Prometheus metrics on METRICS_PORT: they move with the traffic, and the public port has none.

let site: Site;
let metricsUrl: string;
let redis: RunningRedis;
const SECRET = 'metrics-test-revalidate-secret';

beforeAll(async () => {
  const port = await freePort();
  redis = await startRedis(manifestRedisUser('test-redis-password'));
  site = await openSite({
    REDIS_URL: redis.url,
    CACHE_SIGNING_KEY: 'a-signing-key-the-replicas-share-0123456789',
    METRICS_PORT: String(port),
    RATE_LIMIT_ARCHITECTS_PER_MINUTE: '3',
    REVALIDATE_SECRET: SECRET,
    // So that every metric an alert rule reads is there (security_txt_expiry_timestamp_seconds exists only with the file).
    SECURITY_CONTACT: 'security@example.nl',
    SECURITY_TXT_EXPIRES: new Date(Date.now() + 200 * 86_400_000).toISOString(),
  });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});
afterAll(async () => {
  await site.stop();
  await redis.stop();
});

const scrape = async () => (await fetch(metricsUrl)).text();
/** The value of one series, e.g. `page_cache_lookups_total{result="hit"}`. */
const value = (text: string, series: RegExp) => {
  const line = text.split('\n').find((candidate) => series.test(candidate));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
};

describe('metrics', () => {
  it('move with requests, CMS calls, the page cache and the rate limits', async () => {
    const before = await scrape();
    // Views until one comes from the page cache (the first is kept once it has been sent and compressed).
    const { views: untilKept } = await viewUntilCached(`${site.url}/over-ons`, { Cookie: 'i18n_redirected=nl' });
    // And one more, which finds it kept (the view that came while it was being kept waited for it).
    await (await get(`${site.url}/over-ons`, { Cookie: 'i18n_redirected=nl' })).text();
    const views = untilKept + 1;
    for (let call = 0; call < 5; call += 1) await (await get(`${site.url}/api/architects?searchTerm=de`)).text();
    const after = await scrape();

    // By OpenTelemetry's names, the route the path template of the spans; the histogram's count is the
    // number of answers, and no counter repeats it.
    const pageRequests =
      /^http_server_request_duration_seconds_count\{http_request_method="GET",http_response_status_code="200",http_route="\/:slug"\}/;
    expect(value(after, pageRequests) - value(before, pageRequests)).toBe(views);
    expect(after).toMatch(/^http_server_request_duration_seconds_bucket\{(?=.*le="0.5")(?=.*http_route="\/:slug")/m);
    expect(after).not.toMatch(/^http_requests?_/m);
    expect(after).toMatch(/^html_time_to_first_byte_seconds_count\{source="render"\} [1-9]/m);
    expect(after).toMatch(/^html_time_to_first_byte_seconds_count\{source="cache"\} [1-9]/m);
    expect(value(after, /^cms_calls_total\{kind="entries",outcome="hit"\}/)).toBeGreaterThan(0);
    expect(value(after, /^cms_calls_total\{kind="entries",outcome="miss"\}/)).toBeGreaterThan(0);
    expect(value(after, /^cms_requests_total\{outcome="ok"\}/)).toBeGreaterThan(0);
    expect(value(after, /^page_cache_lookups_total\{result="hit"\}/)).toBeGreaterThan(0);
    expect(value(after, /^page_cache_bytes /)).toBeGreaterThan(0);
    expect(value(after, /^rate_limit_rejections_total\{limit="architects"\}/)).toBe(2);
    expect(
      value(
        after,
        /^http_server_request_duration_seconds_count\{.*http_response_status_code="429",http_route="\/api\/architects"\}/,
      ),
    ).toBe(2);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
      'page_cache_evictions_total',
    ]) {
      expect(after).toContain(name);
    }
    expect(after).not.toContain(SECRET);
  });

  it('leave the route out for made-up URLs, as the spans do, so that they add no series', async () => {
    const notFound =
      /^http_server_request_duration_seconds_count\{http_request_method="GET",http_response_status_code="404"\}/;
    const before = value(await scrape(), notFound);
    for (let index = 0; index < 5; index += 1) await (await get(`${site.url}/bestaat-niet-${index}/a/b/c/d`)).text();
    const text = await scrape();
    expect(text).not.toContain('bestaat-niet');
    expect(value(text, notFound) - before).toBe(5);
  });

  it('name the routes of files, APIs and health by their templates, and methods outside the conventions _OTHER', async () => {
    const html = await (await get(`${site.url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    for (const path of [script, '/livez', '/api/nothing-here', '/robots.txt'])
      await (await get(site.url + path)).text();
    await (await fetch(`${site.url}/`, { method: 'PROPFIND' })).text();
    const text = await scrape();
    for (const route of ['/assets/{*path}', '/livez', '/api/{*rest}', '/robots.txt'])
      expect(text, route).toContain(`http_route="${route}"`);
    expect(text).toMatch(
      /^http_server_request_duration_seconds_count\{http_request_method="_OTHER",http_response_status_code="405"\} 1$/m,
    );
  });

  it('name the release: version, revision and build id', async () => {
    const build = JSON.parse(readFileSync(path.join(ROOT, 'dist/server/build.json'), 'utf8')) as {
      buildId: string;
      revision: string;
    };
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(build.revision).toMatch(/^[0-9a-f]{40}$/);
    expect(await scrape()).toContain(
      `website_build_info{version="${version}",revision="${build.revision}",build_id="${build.buildId}"} 1\n`,
    );
  });

  it('are not served on the public port', async () => {
    const response = await get(`${site.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('http_server_request_duration_seconds');
  });
});

describe('gauges of what a site may not have', () => {
  it('are absent without Redis and without security.txt, so that no alert reads them as 0', async () => {
    const port = await freePort();
    const plain = await openSite({ METRICS_PORT: String(port) });
    try {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(text).toContain('http_server_request_duration_seconds');
      expect(text).not.toMatch(/^redis_connected /m);
      expect(text).not.toMatch(/^security_txt_expiry_timestamp_seconds /m);
    } finally {
      await plain.stop();
    }
    const text = await scrape();
    expect(value(text, /^redis_connected /)).toBe(1);
    expect(value(text, /^security_txt_expiry_timestamp_seconds /)).toBeGreaterThan(Date.now() / 1000 + 199 * 86400);
  });
});

describe('the alert rules in deploy/prometheus', () => {
  it('use only metrics the server exports', async () => {
    const rules = readFileSync(path.join(ROOT, 'deploy/prometheus/alerts.yaml'), 'utf8');
    const expressions = [...rules.matchAll(/expr: (.+)/g)].map(([, expression]) => expression!);
    expect(expressions.length).toBeGreaterThan(5);
    const exported = await scrape();
    for (const expression of expressions) {
      // The names outside the selectors' braces: the metrics, not their labels.
      for (const [name] of expression
        .replace(/\{[^}]*\}/g, '')
        .matchAll(
          /\b(?:http|html|cms|cdn|page_cache|redis|rate_limit|security_txt|website|form|nodejs|process)_[a-z0-9_]+/g,
        )) {
        const family = name.replace(/_(bucket|count|sum)$/, '');
        expect(exported, `${name} in ${expression}`).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
      }
    }
  });
});
