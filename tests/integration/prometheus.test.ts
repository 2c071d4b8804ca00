import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { waitForOk } from '../helpers/containers/container.ts';
import { freePort } from '../helpers/free-port.ts';
import { startProcess } from '../helpers/processes.ts';
import type { TrackedProcess } from '../helpers/processes.ts';
import { alertGroups, PROMETHEUS } from '../helpers/prometheus-tools.ts';
import { manifestRedisUser, startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';
import { ROOT, get, viewUntilCached } from '../helpers/site.ts';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import type { SiteWithCms } from '../helpers/site-with-cms.ts';

// Debian's Prometheus against a live site: it scrapes the site's metrics port each second and evaluates
// deploy/prometheus/alerts.yaml (a copy whose `for` durations are a second, so that no test waits them
// out); the CMS goes down, and WebsiteCmsFailing fires. Every query of the Grafana dashboard
// (deploy/grafana/website.json) is sent to it: Prometheus parses each, and each whose metrics the site
// exports returns data.

const DASHBOARD = 'deploy/grafana/website.json';
/** What Grafana puts in place of its variables before it sends a query. */
const GRAFANA_VARIABLES: Record<string, string> = { $__rate_interval: '1m' };
/** Metrics the dashboard reads that are Prometheus's own rather than the site's. */
const PROMETHEUS_SERIES = new Set(['up']);
/** Metric names in a query: the words outside label matchers, grouping clauses and function calls. */
const METRIC_NAME = /\b[a-z_][a-z0-9_]*\b(?!\s*\()/g;
const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless']);

let cms: SiteWithCms;
let redis: RunningRedis;
let prometheus: TrackedProcess;
let prometheusUrl: string;
let metricsUrl: string;
const folder = mkdtempSync(path.join(tmpdir(), 'prometheus-'));

interface QueryAnswer {
  status: string;
  error?: string;
  data?: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
}

const query = async (expression: string): Promise<QueryAnswer> =>
  (await (
    await fetch(`${prometheusUrl}/api/v1/query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ query: expression }),
    })
  ).json()) as QueryAnswer;

/** The alerts Prometheus holds now, with their state (`pending`, `firing`). */
const alerts = async () =>
  (
    (await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()) as {
      data: { alerts: Array<{ labels: Record<string, string>; state: string }> };
    }
  ).data.alerts;

const stateOf = async (alertname: string) =>
  (await alerts()).find((alert) => alert.labels.alertname === alertname)?.state ?? 'inactive';

/**
 * Entries no cache holds yet, each a call to the CMS for its item (the lists, which the site holds, say
 * which collection has it): the detail pages the sitemap lists, read while the CMS answers.
 */
let unseen: string[] | null = null;
const viewUnseenPage = async () => {
  unseen ??= [...(await (await get(`${cms.site.url}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map(([, loc]) => new URL(loc!).pathname)
    .filter((path) => /^\/(actualiteiten|agenda|publicaties|cursussen)\/[^/]+$/.test(path));
  const path = unseen.shift();
  if (!path) throw new Error('no entry left that no cache holds');
  await (await get(cms.site.url + path)).text();
};

beforeAll(async () => {
  const metricsPort = await freePort();
  redis = await startRedis(manifestRedisUser('prometheus-test-redis-password'));
  cms = await startSiteWithCms({
    METRICS_PORT: String(metricsPort),
    REDIS_URL: redis.url,
    CACHE_SIGNING_KEY: 'a-signing-key-the-replicas-share-0123456789',
    SECURITY_CONTACT: 'security@example.nl',
    SECURITY_TXT_EXPIRES: new Date(Date.now() + 200 * 86_400_000).toISOString(),
    // A busy machine may hold a CMS answer past the default: only the CMS going down is a fault here.
    CMS_TIMEOUT_MS: '60000',
  });
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;

  // The rules as deployed, but for their `for`, a second each.
  const groups = alertGroups();
  for (const rule of groups.groups.flatMap((group) => group.rules)) if (rule.for) rule.for = '1s';
  writeFileSync(path.join(folder, 'alerts.yaml'), stringify(groups));
  writeFileSync(
    path.join(folder, 'prometheus.yml'),
    stringify({
      global: { scrape_interval: '1s', evaluation_interval: '1s' },
      rule_files: ['alerts.yaml'],
      scrape_configs: [{ job_name: 'website', static_configs: [{ targets: [`127.0.0.1:${metricsPort}`] }] }],
    }),
  );
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  prometheus = startProcess(
    PROMETHEUS,
    [
      `--config.file=${path.join(folder, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { name: 'prometheus' },
  );
  await waitForOk(`${prometheusUrl}/-/ready`, 30_000);
}, 120_000);

afterAll(async () => {
  await prometheus?.stop();
  if (cms) cms.proxy.down = false;
  await cms?.stop();
  await redis?.stop();
  rmSync(folder, { recursive: true, force: true });
}, 60_000);

describe('Prometheus against a live site', () => {
  it('scrapes the site, and raises WebsiteCmsFailing once the CMS is down, not before', async () => {
    await expect
      .poll(async () => (await query('up{job="website"}')).data?.result[0]?.value[1], { timeout: 30_000 })
      .toBe('1');
    // Healthy traffic: pages, one until the page cache answers it, the APIs, a made-up page.
    await viewUntilCached(`${cms.site.url}/over-ons`);
    for (const page of ['/over-ons', '/', '/en', '/api/architects?searchTerm=vos', '/api/search?q=klacht'])
      await (await get(cms.site.url + page)).text();
    await viewUnseenPage();
    // That traffic scraped, and every rule evaluated over it since.
    await expect
      .poll(
        async () =>
          (await query('http_server_request_duration_seconds_count{http_route="/api/search"}')).data?.result.length,
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    const scraped = Date.now();
    await expect
      .poll(
        async () => {
          const { data } = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
            data: { groups: Array<{ lastEvaluation: string }> };
          };
          return data.groups.every((group) => Date.parse(group.lastEvaluation) > scraped);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await stateOf('WebsiteCmsFailing')).toBe('inactive');
    expect(await stateOf('WebsiteDown')).toBe('inactive');

    cms.proxy.down = true;
    await expect
      .poll(
        async () => {
          await viewUnseenPage();
          return stateOf('WebsiteCmsFailing');
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('firing');
    const firing = (await alerts()).find((alert) => alert.labels.alertname === 'WebsiteCmsFailing');
    expect(firing?.labels.severity).toBe('critical');
    // Visitors of pages no cache holds got errors meanwhile, which the next scrape carries.
    await expect
      .poll(
        async () =>
          (await query('http_server_request_duration_seconds_count{http_response_status_code=~"5.."}')).data?.result
            .length,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0);
  }, 90_000);

  it('parses every query of the Grafana dashboard, and answers those of metrics the site exports with data', async () => {
    const dashboard = JSON.parse(readFileSync(path.join(ROOT, DASHBOARD), 'utf8')) as {
      panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
    };
    const expressions = dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).map(({ expr }) => ({
        panel: panel.title,
        expression: Object.entries(GRAFANA_VARIABLES).reduce(
          (text, [name, value]) => text.replaceAll(name, value),
          expr,
        ),
      })),
    );
    expect(expressions.length).toBeGreaterThan(15);
    // The names with samples in the site's metrics: counters, gauges, and a histogram's own series.
    const exported = new Set(
      (await (await fetch(metricsUrl)).text())
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => /^[a-z_][a-z0-9_]*/.exec(line)![0]),
    );
    const empty: string[] = [];
    for (const { panel, expression } of expressions) {
      const answer = await query(expression);
      expect(answer, `${panel}: ${expression}`).toMatchObject({ status: 'success' });
      const names = expression
        .replace(/\{[^}]*\}/g, '')
        .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
        .replace(/\[[^\]]*\]/g, '')
        .match(METRIC_NAME)!
        .filter((name) => !PROMQL_WORDS.has(name));
      expect(names.length, expression).toBeGreaterThan(0);
      if (names.every((name) => exported.has(name) || PROMETHEUS_SERIES.has(name)))
        expect(answer.data!.result.length, `${panel}: ${expression}`).toBeGreaterThan(0);
      else empty.push(...names.filter((name) => !exported.has(name) && !PROMETHEUS_SERIES.has(name)));
    }
    // What this site does not export here: no CDN and no rate limit hit in this test, and no request
    // budget for its CMS (the test sites keep none: CMS_MAX_REQUESTS_PER_MINUTE=0).
    expect([...new Set(empty)].sort()).toEqual([
      'cdn_purge_requests_total',
      'cms_request_budget_remaining',
      'rate_limit_rejections_total',
    ]);
  }, 60_000);
});
