import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePeople } from '../../sample-cms/register/people.ts';
import { manifestRedisUser, startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';
import { startRegisterApiServer } from '../helpers/register-api-server.ts';
import type { RegisterApiServer } from '../helpers/register-api-server.ts';
import { GOOGLEBOT_USER_AGENT, get, openSite, viewUntilCached } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// The register's pages against the register's API: a status that changes there shows on every replica
// within REGISTER_PAGE_TTL_MS (shortened here), the CDN's time included; registration pages count against
// the register's rate limit; a number the register does not have is asked once per REGISTER_NOT_FOUND_TTL_MS
// for the whole fleet (two replicas sharing Redis); the status line crawlers get names nothing of the address.

const PAGE_TTL_MS = 2000;
const LIMIT = 5;

let registerApi: RegisterApiServer;
let redis: RunningRedis;
let replicas: Site[];
let limited: Site;

beforeAll(async () => {
  registerApi = await startRegisterApiServer();
  redis = await startRedis(manifestRedisUser('freshness-test-password'));
  const shared = {
    REGISTER_API_URL: registerApi.url,
    REGISTER_API_KEY: registerApi.apiKey,
    REDIS_URL: redis.url,
    CACHE_SIGNING_KEY: 'a-signing-key-the-replicas-share-0123456789',
    REGISTER_PAGE_TTL_MS: String(PAGE_TTL_MS),
  };
  replicas = await Promise.all([openSite(shared), openSite(shared)]);
  limited = await openSite({ RATE_LIMIT_ARCHITECTS_PER_MINUTE: String(LIMIT) });
});
afterAll(async () => {
  await Promise.all([...replicas, limited].map((site) => site.stop()));
  await Promise.all([registerApi.close(), redis.stop()]);
});

const registered = samplePeople()
  .flatMap((person) => person.registrations)
  .find(({ status, measures }) => status.kind === 'registered' && measures.length === 0)!;
const asked = (number: string) => registerApi.requests.filter(({ url }) => url === `/architects/${number}`).length;

describe('a change of status in the register', () => {
  it('shows on every replica within REGISTER_PAGE_TTL_MS, and no shared cache keeps the page longer', async () => {
    registerApi.fault = { kind: 'none' };
    const path = `/vind-een-architect/${registered.number}`;
    const [first, second] = replicas;
    const kept = await viewUntilCached(first!.url + path);
    expect(kept.body).toContain('Ingeschreven');
    // s-maxage and stale-while-revalidate together end when the site's own copy does.
    const cacheControl = kept.response.headers.get('cache-control')!;
    const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(cacheControl)?.[1]);
    expect(cacheControl).toMatch(/^public, max-age=0, /);
    expect(seconds('s-maxage') + seconds('stale-while-revalidate')).toBeLessThanOrEqual(PAGE_TTL_MS / 1000);
    // The other replica has the same copy, from Redis.
    expect((await get(second!.url + path)).headers.get('etag')).toBe(kept.response.headers.get('etag'));

    // Struck off in the register: each replica shows it once the kept copies' time is up.
    registerApi.fault = {
      kind: 'fields',
      rewrite: (registration) => ({
        ...registration,
        status: { kind: 'struck-off', date: '2026-11-30', ground: 'measure' },
      }),
    };
    for (const replica of replicas)
      await expect
        .poll(async () => (await (await get(replica.url + path)).text()).includes('Doorgehaald op 30 november 2026'), {
          timeout: 20 * PAGE_TTL_MS,
          interval: 200,
        })
        .toBe(true);
    registerApi.fault = { kind: 'none' };
  });
});

describe('a number the register does not have', () => {
  it('is asked of the register once for every replica, within REGISTER_NOT_FOUND_TTL_MS', async () => {
    registerApi.fault = { kind: 'none' };
    const number = '9.999999.998';
    for (const replica of [...replicas, ...replicas]) {
      const response = await get(`${replica.url}/vind-een-architect/${number}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Dit nummer staat niet in het register');
    }
    expect(asked(number)).toBe(1);
  });

  it('answers a crawler with a status line that names nothing of the address', async () => {
    for (const path of [
      '/vind-een-architect/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/en/find-an-architect/9.999999.997',
    ]) {
      const response = await get(replicas[0]!.url + path, { 'User-Agent': GOOGLEBOT_USER_AGENT });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/plain/);
      expect(await response.text(), path).toBe('Registration not in the register.\n');
    }
  });
});

describe('registration pages', () => {
  it("count against the register's rate limit, in both languages", async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 2 * LIMIT; guess += 1) {
      const prefix = guess % 2 ? '/en/find-an-architect' : '/vind-een-architect';
      const response = await get(`${limited.url}${prefix}/9.99999${guess}.999`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(404), ...Array<number>(LIMIT).fill(429)]);
  });
});
