import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { entryId } from '../../sample-cms/content/store.ts';
import { startCloudflareStandIn, startFastlyStandIn } from '../helpers/cdn-purge-api.ts';
import type { PurgeApiStandIn } from '../helpers/cdn-purge-api.ts';
import { freePort } from '../helpers/free-port.ts';
import { startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';
import { revalidate } from '../helpers/revalidate.ts';
import { openSite, viewUntilCached } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// CDN_PURGE: each change the webhook announces is purged from the CDN by the keys the pages carry, through
// a stand-in of Cloudflare's or Fastly's purge API on loopback that checks every request as documented.

const SECRET = 'cdn-purge-test-revalidate-secret';
const NL = { Cookie: 'i18n_redirected=nl' };
const ZONE_ID = '023e105f4ecef8ad9ca31a8372d0c353';
const SERVICE_ID = 'SU1Z0isxPaozGVKXdv0eY';
const ATTEMPTS = 3;

const CDNS = [
  {
    cdn: 'cloudflare',
    token: 'cloudflare-test-api-token-Yq3v',
    maxKeys: 100,
    standIn: (tokens: string[]) => startCloudflareStandIn(ZONE_ID, tokens),
    env: (standIn: PurgeApiStandIn, token: string) => ({
      CDN_PURGE: 'cloudflare',
      CLOUDFLARE_ZONE_ID: ZONE_ID,
      CLOUDFLARE_API_TOKEN: token,
      CDN_PURGE_API_URL: standIn.apiUrl,
    }),
  },
  {
    cdn: 'fastly',
    token: 'fastly-test-api-token-8kPw',
    maxKeys: 256,
    standIn: (tokens: string[]) => startFastlyStandIn(SERVICE_ID, tokens),
    env: (standIn: PurgeApiStandIn, token: string) => ({
      CDN_PURGE: 'fastly',
      FASTLY_SERVICE_ID: SERVICE_ID,
      FASTLY_API_TOKEN: token,
      CDN_PURGE_API_URL: standIn.apiUrl,
    }),
  },
] as const;

/** The value of one series in Prometheus' text format (0 when absent). */
const metric = async (metricsUrl: string, series: string) => {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
};

const articleChange = (slug: string) =>
  JSON.stringify({ type: 'entry', collection: 'actualities', id: `id-${slug}`, site: 'default', slug });

describe.each(CDNS)('CDN_PURGE=$cdn', ({ cdn, token, maxKeys, standIn: startApi, env }) => {
  const prefix = `${cdn}.architectenregister.test:`;
  let api: PurgeApiStandIn;
  let site: Site;
  let metricsUrl: string;

  beforeAll(async () => {
    api = await startApi([token]);
    const metricsPort = await freePort();
    site = await openSite({
      ...env(api, token),
      PUBLIC_URL: `https://${cdn}.architectenregister.test`,
      REVALIDATE_SECRET: SECRET,
      CDN_PURGE_ATTEMPTS: String(ATTEMPTS),
      CDN_PURGE_RETRY_MS: '50',
      RATE_LIMIT_WEBHOOK_PER_MINUTE: '0',
      METRICS_PORT: String(metricsPort),
    });
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  });
  afterAll(async () => {
    await site.stop();
    await api.close();
  });

  const change = (body: string) => revalidate(site.url, body, `Bearer ${SECRET}`);
  const outcomes = async () => ({
    ok: await metric(metricsUrl, 'cdn_purge_requests_total{outcome="ok"}'),
    retried: await metric(metricsUrl, 'cdn_purge_requests_total{outcome="retried"}'),
    failed: await metric(metricsUrl, 'cdn_purge_requests_total{outcome="failed"}'),
  });
  /** Waits until the stand-in has seen `count` requests in all. */
  const requestsReach = (count: number) =>
    vi.waitFor(() => expect(api.requests.length).toBeGreaterThanOrEqual(count), { timeout: 15_000 });

  it("purges a change by the keys the pages carry, prefixed with the public host, in the API's documented shape", async () => {
    const { response } = await viewUntilCached(`${site.url}/over-ons`, NL);
    const pageKeys = response.headers.get('surrogate-key')!.split(' ');
    expect(pageKeys).toEqual(expect.arrayContaining([`${prefix}all`, `${prefix}entries:pages:default`]));
    expect(pageKeys.every((key) => key.startsWith(prefix))).toBe(true);
    expect(response.headers.get('cache-tag')).toBe(pageKeys.join(','));
    const before = api.requests.length;

    const answer = await change(
      JSON.stringify({ type: 'entry', collection: 'pages', id: entryId('over-ons', 'default'), site: 'default' }),
    );
    expect(answer.status).toBe(202);
    const { purge } = (await answer.json()) as { purge: string[] };
    expect(purge).toEqual(expect.arrayContaining([`${prefix}entries:pages:default`, `${prefix}partial`]));
    await requestsReach(before + 1);
    expect(api.requests[before]).toMatchObject({ status: 200, keys: purge, token });

    expect((await change('{"type":"everything"}')).status).toBe(202);
    await requestsReach(before + 2);
    expect(api.requests[before + 1]).toMatchObject({ status: 200, keys: [`${prefix}all`] });
    expect(api.violations).toEqual([]);
  });

  it('answers the webhook at once, and tries again after a 429 (no sooner than its Retry-After) and a 500', async () => {
    const counted = await outcomes();
    const before = api.requests.length;
    const release = api.hold();
    api.answerNext({ status: 429, retryAfter: 1 }, { status: 500 });
    // The CDN has not answered yet: the webhook's answer does not wait for it.
    const answer = await change(articleChange('retried-news-item'));
    expect(answer.status).toBe(202);
    expect(api.requests.length).toBe(before);
    release();

    await requestsReach(before + 3);
    const [rateLimited, failed, done] = api.requests.slice(before);
    expect([rateLimited!.status, failed!.status, done!.status]).toEqual([429, 500, 200]);
    expect(done!.keys).toEqual(rateLimited!.keys);
    expect(done!.keys).toContain(`${prefix}slug:actualities:default:retried-news-item`);
    expect(failed!.arrivedAt - rateLimited!.answeredAt).toBeGreaterThanOrEqual(990);
    await vi.waitFor(
      async () =>
        expect(await outcomes()).toEqual({ ok: counted.ok + 1, retried: counted.retried + 2, failed: counted.failed }),
      { timeout: 15_000 },
    );
    expect(site.logs.filter((line) => line.includes('CDN purge failed; trying again'))).toHaveLength(2);
    expect(api.violations).toEqual([]);
  });

  it("sends many keys in batches within the API's bound, never more in one request", async () => {
    const before = api.requests.length;
    const release = api.hold();
    const slugs = Array.from({ length: maxKeys + 20 }, (_, index) => `batched-news-item-${index}`);
    for (const slug of slugs) expect((await change(articleChange(slug))).status).toBe(202);
    release();

    const wanted = slugs.map((slug) => `${prefix}slug:actualities:default:${slug}`);
    await vi.waitFor(() => expect(api.purgedKeys()).toEqual(expect.arrayContaining(wanted)), { timeout: 15_000 });
    const sent = api.requests.slice(before);
    expect(sent.every((request) => request.keys.length <= maxKeys)).toBe(true);
    expect(sent.some((request) => request.keys.length === maxKeys)).toBe(true);
    expect(api.violations).toEqual([]);
  });

  it('gives up on a refusal at once and on a lasting 5xx after its attempts, logged with the keys and counted', async () => {
    const counted = await outcomes();
    const before = api.requests.length;
    api.answerNext({ status: 403 });
    expect((await change(articleChange('refused-news-item'))).status).toBe(202);
    await vi.waitFor(async () => expect((await outcomes()).failed).toBe(counted.failed + 1), { timeout: 15_000 });
    expect(api.requests.length).toBe(before + 1);

    api.answerNext(...Array.from({ length: ATTEMPTS }, () => ({ status: 503 })));
    expect((await change(articleChange('unavailable-news-item'))).status).toBe(202);
    await vi.waitFor(async () => expect((await outcomes()).failed).toBe(counted.failed + 2), { timeout: 15_000 });
    expect(api.requests.length).toBe(before + 1 + ATTEMPTS);
    expect(await outcomes()).toMatchObject({ retried: counted.retried + ATTEMPTS - 1, ok: counted.ok });

    const failures = site.logs.filter((line) => line.includes('CDN purge failed: '));
    expect(failures.at(-2)).toContain(`${prefix}slug:actualities:default:refused-news-item`);
    expect(failures.at(-1)).toContain(`${prefix}slug:actualities:default:unavailable-news-item`);
    expect(failures.at(-1)).toContain('"status":503');
  });

  it('stops at once with the site, logging the keys it gave up, even while the API has not answered', async () => {
    const release = api.hold();
    try {
      expect((await change(articleChange('news-item-at-shutdown'))).status).toBe(202);
      await site.stop();
    } finally {
      release();
    }
    const givenUp = site.logs.filter((line) => line.includes('CDN purge given up at shutdown'));
    expect(givenUp).toHaveLength(1);
    expect(givenUp[0]).toContain(`${prefix}slug:actualities:default:news-item-at-shutdown`);
  });

  it('never logs the token', () => {
    expect(site.logs.length).toBeGreaterThan(0);
    expect(site.logs.filter((line) => line.includes(token))).toEqual([]);
  });
});

describe('replicas sharing Redis', () => {
  const TOKENS = { a: 'replica-a-api-token', b: 'replica-b-api-token' };
  let redis: RunningRedis;
  let api: PurgeApiStandIn;
  let a: Site;
  let b: Site;

  beforeAll(async () => {
    redis = await startRedis();
    api = await startCloudflareStandIn(ZONE_ID, Object.values(TOKENS));
    // The same zone and settings; each replica its own token, so that the stand-in tells them apart.
    const replica = (token: string) =>
      openSite({
        ...CDNS[0].env(api, token),
        PUBLIC_URL: 'https://www.architectenregister.test',
        REVALIDATE_SECRET: SECRET,
        REDIS_URL: redis.url,
        CACHE_SIGNING_KEY: 'a-signing-key-the-replicas-share-0123456789',
        REDIS_COMMAND_TIMEOUT_MS: '5000',
      });
    [a, b] = await Promise.all([replica(TOKENS.a), replica(TOKENS.b)]);
    await vi.waitFor(
      () => expect([a, b].every((site) => site.logs.some((line) => line.includes('Redis connected')))).toBe(true),
      {
        timeout: 15_000,
      },
    );
  });
  afterAll(async () => {
    await Promise.all([a.stop(), b.stop()]);
    await api.close();
    await redis.stop();
  });

  it('purge once, from the replica the webhook reached, not from every replica the change reaches', async () => {
    const heardByB = () => b.logs.filter((line) => line.includes('invalidation from another replica')).length;
    for (const [count, slug] of [
      [1, 'first-news-item'],
      [2, 'second-news-item'],
    ] as const) {
      expect((await revalidate(a.url, articleChange(slug), `Bearer ${SECRET}`)).status).toBe(202);
      await vi.waitFor(() => expect(heardByB()).toBeGreaterThanOrEqual(count), { timeout: 15_000 });
      await vi.waitFor(() => expect(api.requests.length).toBeGreaterThanOrEqual(count), { timeout: 15_000 });
    }
    expect(api.requests.map((request) => request.token)).toEqual([TOKENS.a, TOKENS.a]);
    expect(api.violations).toEqual([]);
  });
});
