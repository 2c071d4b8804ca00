import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { freePort } from '../helpers/free-port.ts';
import { startSentinelGroup } from '../helpers/redis-sentinels.ts';
import type { SentinelGroup } from '../helpers/redis-sentinels.ts';
import { manifestRedisUser } from '../helpers/redis-server.ts';
import { dutchPage, get, startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';
import { editEntry } from '../helpers/edit-entry.ts';

// Two replicas of the site that find Redis through three sentinels, over a primary and its replica (real
// redis-server and redis-sentinel processes on loopback). The primary is killed: the replicas answer
// every page meanwhile, follow the sentinels to the promoted replica, and share through it again. Then a
// planned failover, the old primary alive: they follow it as well.

const CMS_KEY = 'failover-test-cms-key';
const REGISTER_KEY = 'failover-test-register-key';
const ADMIN_KEY = 'failover-test-admin-key';
const SECRET = 'failover-test-revalidate-secret';
const REDIS_PASSWORD = 'failover-test-redis-password';
const PREFIX = 'architectenregister:';
const NEWS = '/actualiteiten';
const ARTICLE_SLUG = 'register-telt-ruim-14-000-ingeschreven-ontwerpers';
/** Pages kept in memory, and searches new at each round (they ask Redis for their counts and answers). */
const PAGES = ['/', NEWS, `${NEWS}/${ARTICLE_SLUG}`, '/agenda', '/over-ons', '/cursussen', '/over-ons/medewerkers'];
const searches = (round: number) => [`/zoeken?q=register+${round}`, `/vind-een-architect?searchTerm=${round}`];

let group: SentinelGroup;
let service: ContentService;
let a: RunningSite;
let b: RunningSite;
let metricsOfA: string;

/** A's `redis_connected` gauge. */
const redisConnected = async () =>
  Number(/^redis_connected (\d)$/m.exec(await (await fetch(metricsOfA)).text())?.[1] ?? Number.NaN);

const logged = (site: RunningSite, text: string) => site.logs.filter((line) => line.includes(text)).length;

beforeAll(async () => {
  const user = manifestRedisUser(REDIS_PASSWORD);
  // A sentinel thinks the primary down after two seconds of silence: the failover takes seconds, not half a minute.
  group = await startSentinelGroup(user, { downAfterMs: 2000, failoverTimeoutMs: 5000 });
  service = await startContentService({
    apiKey: CMS_KEY,
    previewToken: 'failover-preview-token',
    adminKey: ADMIN_KEY,
    registerApiKey: REGISTER_KEY,
  });
  const env = {
    CMS_API_URL: service.apiUrl,
    CMS_API_KEY: CMS_KEY,
    CMS_URL: service.url,
    REGISTER_API_URL: service.registerApiUrl,
    REGISTER_API_KEY: REGISTER_KEY,
    // The data nodes' user and password; the sentinels say where the primary is.
    REDIS_URL: `redis://${user.name}:${REDIS_PASSWORD}@${group.master}`,
    REDIS_SENTINELS: group.addresses,
    REDIS_SENTINEL_MASTER: group.master,
    REDIS_SENTINEL_PASSWORD: group.password,
    CACHE_SIGNING_KEY: 'a-signing-key-the-replicas-share-0123456789',
    REVALIDATE_SECRET: SECRET,
    // A late answer from Redis is no fault here; a lost connection fails its commands at once anyway.
    REDIS_COMMAND_TIMEOUT_MS: '5000',
    // Every request of the test comes from one address: the counts go through Redis, without a refusal.
    RATE_LIMIT_SEARCH_PER_MINUTE: '1000000',
    RATE_LIMIT_ARCHITECTS_PER_MINUTE: '1000000',
  };
  const metricsPort = await freePort();
  metricsOfA = `http://127.0.0.1:${metricsPort}/metrics`;
  [a, b] = await Promise.all([startSite({ ...env, METRICS_PORT: String(metricsPort) }), startSite(env)]);
  service.useWebhook({ url: `${a.url}/api/revalidate`, secret: SECRET });
  await vi.waitFor(() => expect([a, b].every((site) => logged(site, 'Redis connected') > 0)).toBe(true), {
    timeout: 15_000,
  });
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await service?.close();
  await group?.stop();
});

const edit = async (title: string) => {
  const response = await editEntry(service.url, ADMIN_KEY, {
    collection: 'actualities',
    slug: ARTICLE_SLUG,
    fields: { title },
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { webhook: { status: number } | null }).webhook).toEqual({ status: 202 });
};

/** An edit told to A's webhook shows on B: B heard it through Redis. */
const editReachesB = async (title: string) => {
  await dutchPage(b, NEWS);
  const heard = logged(b, 'invalidation from another replica');
  await edit(title);
  await expect.poll(() => logged(b, 'invalidation from another replica')).toBeGreaterThan(heard);
  expect(await dutchPage(b, NEWS)).toContain(title);
};

/** A data node's role, the keys under the site's prefix it holds, and the searches its rate limit counted. */
const nodeState = async (port: number) => {
  const { name: username, password } = group.admin;
  const client = new Redis({ port, host: '127.0.0.1', username, password, lazyConnect: true });
  await client.connect();
  try {
    const keys: string[] = [];
    for await (const batch of client.scanStream({ match: `${PREFIX}*` })) keys.push(...(batch as string[]));
    const counts = keys.filter((key) => key.startsWith(`${PREFIX}rate:search:`));
    const searches = counts.length === 0 ? 0 : (await client.mget(...counts)).reduce((sum, n) => sum + Number(n), 0);
    return { keys, searches, role: String(((await client.call('ROLE')) as unknown[])[0]) };
  } finally {
    client.disconnect();
  }
};

describe('two replicas of the site behind Redis Sentinel', () => {
  it('share through the primary the sentinels name', async () => {
    for (const path of PAGES) await dutchPage(a, path);
    await editReachesB('Register telt nu 15.000 ontwerpers');
  });

  it(
    'answer every page while the primary is killed and replaced, then share through the new one',
    { timeout: 120_000 },
    async () => {
      await group.primary.stop();
      // Every page on both replicas, round after round, until both have followed the sentinels to the new
      // primary; no answer may be a server error.
      const failures: string[] = [];
      const gauge: number[] = [];
      let rounds = 0;
      const followed = (site: RunningSite) =>
        logged(site, 'Redis failed over') > 0 && logged(site, 'Redis is back') > 0;
      for (const deadline = Date.now() + 90_000; !(followed(a) && followed(b)); rounds += 1) {
        if (Date.now() > deadline)
          throw new Error(`the replicas did not follow the failover:\n${group.logs().join('\n')}`);
        const requests = [a, b].flatMap((site) =>
          [...PAGES, ...searches(rounds)].map(async (path) => {
            const response = await get(site.url + path, { Cookie: 'i18n_redirected=nl' });
            await response.arrayBuffer();
            if (response.status >= 500) failures.push(`${response.status} ${site.url}${path}`);
          }),
        );
        await Promise.all([...requests, redisConnected().then((value) => gauge.push(value))]);
      }
      expect(failures).toEqual([]);
      expect(rounds).toBeGreaterThan(0);
      // The sentinels wait two seconds before they think the primary down: the first scrapes see it gone.
      expect(gauge[0]).toBe(0);
      expect(await redisConnected()).toBe(1);
      expect(group.logs().some((line) => line.includes(`+switch-master ${group.master}`))).toBe(true);
      for (const site of [a, b]) {
        expect(site.logs.some((line) => line.includes('Redis is unavailable'))).toBe(true);
        const failover = site.logs.find((line) => line.includes('Redis failed over'));
        expect(failover).toContain(`"to":"127.0.0.1:${group.replica.port}"`);
      }

      // Shared again: an edit told to A reaches B through the new primary, which holds what the replicas write.
      await editReachesB('Register telt 16.000 ontwerpers');
      await dutchPage(a, '/contact');
      const promoted = await nodeState(group.replica.port);
      expect(promoted.role).toBe('master');
      // A page is shared once it has been sent.
      await expect
        .poll(async () => (await nodeState(group.replica.port)).keys.some((key) => key.includes('/contact')))
        .toBe(true);
      // The rate limits count there too.
      await dutchPage(a, '/zoeken?q=tarieven');
      expect((await nodeState(group.replica.port)).searches).toBeGreaterThan(promoted.searches);
    },
  );

  it('follow a planned failover, where the old primary lives on as a replica', { timeout: 120_000 }, async () => {
    // The killed primary comes back empty; the sentinels make it a replica of the new one.
    await group.primary.start();
    const failedOver = (site: RunningSite) => logged(site, 'Redis failed over');
    const before = [a, b].map(failedOver);
    await group.failover();
    await expect.poll(() => [a, b].map(failedOver), { timeout: 60_000 }).toEqual(before.map((count) => count + 1));
    for (const site of [a, b])
      expect(site.logs.findLast((line) => line.includes('Redis failed over'))).toContain(
        `"to":"127.0.0.1:${group.primary.port}"`,
      );
    expect((await nodeState(group.primary.port)).role).toBe('master');
    await editReachesB('Register telt 16.500 ontwerpers');
  });
});
