import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestRedisUser, startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';
import { get, openSite, startSite } from '../helpers/site.ts';
import type { RunningSite, Site } from '../helpers/site.ts';

// Per-client rate limits (one site; two replicas, each a process, sharing Redis), and the bounds on URLs
// and queries.

const LIMITS = {
  RATE_LIMIT_ARCHITECTS_PER_MINUTE: '20',
  RATE_LIMIT_SEARCH_PER_MINUTE: '20',
  RATE_LIMIT_WEBHOOK_PER_MINUTE: '5',
};
let site: Site;
let behindProxy: Site;
let redis: RunningRedis;
let replicas: RunningSite[];

beforeAll(async () => {
  redis = await startRedis(manifestRedisUser('test-redis-password'));
  const shared = {
    ...LIMITS,
    REDIS_URL: redis.url,
    CACHE_SIGNING_KEY: 'request-limits-test-signing-key-0123456789',
    // A count that Redis answers late counts all the same here: under the suite's load a replica's
    // 500 ms default would let a request through (a Redis fault passes), and the shared count would
    // look short.
    REDIS_COMMAND_TIMEOUT_MS: '5000',
  };
  [site, behindProxy, ...replicas] = await Promise.all([
    openSite({ ...LIMITS, REVALIDATE_SECRET: 'request-limits-secret-0123' }),
    openSite({ ...LIMITS, TRUST_PROXY: '1' }),
    startSite(shared),
    startSite(shared),
  ]);
});
afterAll(async () => {
  await Promise.all([site, behindProxy, ...replicas].map((running) => running?.stop()));
  await redis?.stop();
});

/** Sends `count` requests at once; the statuses in order of sending. */
const burst = async (
  count: number,
  url: (index: number) => string,
  headers: (index: number) => Record<string, string> = () => ({}),
) => {
  const responses = await Promise.all(Array.from({ length: count }, (_, index) => get(url(index), headers(index))));
  await Promise.all(responses.map((response) => response.arrayBuffer()));
  return responses;
};
const statuses = (responses: Response[]) => responses.map((response) => response.status);
const count = (responses: Response[], status: number) => statuses(responses).filter((value) => value === status).length;

describe('rate limits', () => {
  it('answer 429 with Retry-After once a client has used its minute, on the API and the search pages', async () => {
    const api = await burst(30, (index) => `${site.url}/api/architects?searchTerm=jansen&page=${(index % 3) + 1}`);
    expect(count(api, 200)).toBe(20);
    expect(count(api, 429)).toBe(10);
    const refused = api.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-policy')).toContain('q=20');

    const pages = await burst(
      25,
      (index) => `${site.url}/zoeken?q=klacht${index}`,
      () => ({ Cookie: 'i18n_redirected=nl' }),
    );
    expect(count(pages, 429)).toBe(5);
    expect(pages.find((response) => response.status === 429)!.headers.get('content-type')).toMatch(/^text\/plain/);
    // Other pages are not limited.
    expect(count(await burst(30, () => `${site.url}/over-ons`), 200)).toBe(30);
  });

  it('limit the webhook, before its secret is even looked at', async () => {
    const calls = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${site.url}/api/revalidate`, { method: 'POST', headers: { Authorization: 'Bearer wrong' }, body: '{}' }),
      ),
    );
    expect(statuses(calls).filter((status) => status === 401)).toHaveLength(5);
    expect(statuses(calls).filter((status) => status === 429)).toHaveLength(3);
  });

  it('read the client from X-Forwarded-For only behind TRUST_PROXY proxies', async () => {
    // This client has used its minute above; a made-up X-Forwarded-For does not give it another.
    const spoofed = await burst(
      25,
      () => `${site.url}/vind-een-architect?searchTerm=de`,
      (index) => ({ 'X-Forwarded-For': `203.0.113.${index}` }),
    );
    expect(count(spoofed, 429)).toBe(25);
    const clients = await burst(
      25,
      () => `${behindProxy.url}/api/architects?searchTerm=de`,
      (index) => ({ 'X-Forwarded-For': `203.0.113.${index}` }),
    );
    expect(count(clients, 200)).toBe(25);
  });

  it('are one limit for two replicas sharing Redis', async () => {
    const [a, b] = replicas as [RunningSite, RunningSite];
    await expect
      .poll(() => [a, b].every((replica) => replica.logs.some((line) => line.includes('Redis connected'))))
      .toBe(true);
    const responses = await burst(30, (index) => `${(index % 2 ? a : b).url}/api/architects?searchTerm=smit`);
    expect(count(responses, 200)).toBe(20);
    expect(count(responses, 429)).toBe(10);
  });
});

describe('request bounds', () => {
  it('let a URL of up to 16 KB reach its route, and refuse longer ones with 414', async () => {
    const term = 'a'.repeat(10 * 1024);
    const long = await get(`${behindProxy.url}/api/architects?searchTerm=${term}`, {
      'X-Forwarded-For': '198.51.100.1',
    });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { detail: string }).detail).toContain('searchTerm');
    const tooLong = await get(`${behindProxy.url}/over-ons?x=${'a'.repeat(17 * 1024)}`);
    expect(tooLong.status).toBe(414);
    const farTooLong = await get(`${behindProxy.url}/over-ons?x=${'a'.repeat(80 * 1024)}`);
    expect(farTooLong.status).toBe(431);
  });

  it('refuse a query of more than 64 parameters with 400', async () => {
    const many = Array.from({ length: 65 }, (_, index) => `p${index}=1`).join('&');
    const response = await get(`${behindProxy.url}/over-ons?${many}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('query parameters');
    expect((await get(`${behindProxy.url}/over-ons?utm_source=x&utm_medium=y`)).status).toBe(200);
  });
});
