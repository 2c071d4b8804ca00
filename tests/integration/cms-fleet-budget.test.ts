import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { startCmsProxy } from '../helpers/cms-proxy.ts';
import type { CmsProxy } from '../helpers/cms-proxy.ts';
import { createThrottle, mostInAWindow } from '../helpers/cms-throttle.ts';
import type { Throttle } from '../helpers/cms-throttle.ts';
import { crawl } from '../helpers/crawl.ts';
import { manifestRedisUser, startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';
import { startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

// Three replicas sharing a real redis-server (as deployed: only the site's ACL user), started cold
// together behind one address, before "another CMS" that keeps stock Statamic's rate limit per client
// address: each within the budget alone would ask three times what the CMS allows; the fleet's budget in
// Redis keeps all three within it, warm-ups and crawls alike.

const CMS_KEY = 'fleet-budget-test-cms-key';
const REGISTER_KEY = 'fleet-budget-test-register-key';
const WINDOW_MS = 2000;
const LIMIT = 20;

let redis: RunningRedis;
let service: ContentService;
let proxy: CmsProxy;
let throttle: Throttle;
let sites: RunningSite[] = [];

beforeAll(async () => {
  redis = await startRedis(manifestRedisUser('fleet-budget-test-redis-password'));
  service = await startContentService({
    apiKey: CMS_KEY,
    previewToken: 'fleet-budget-preview-token',
    registerApiKey: REGISTER_KEY,
  });
  proxy = await startCmsProxy(service.url);
  throttle = createThrottle({ limit: LIMIT, windowMs: WINDOW_MS });
  proxy.throttle = throttle;
  const env = {
    CMS_API_URL: proxy.apiUrl,
    CMS_API_KEY: CMS_KEY,
    CMS_URL: service.url,
    REGISTER_API_URL: service.registerApiUrl,
    REGISTER_API_KEY: REGISTER_KEY,
    REDIS_URL: redis.url,
    CACHE_SIGNING_KEY: 'a-signing-key-the-replicas-share-0123456789',
    // An answer Redis gives late is not a fault here: the suite's load can hold one past the default.
    REDIS_COMMAND_TIMEOUT_MS: '5000',
    CMS_MAX_REQUESTS_PER_MINUTE: String(LIMIT),
    CMS_RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
    CMS_RATE_LIMIT_WAIT_MS: '1000',
    // The three start at once on a busy machine: each waits for Redis before its warm-up (within this).
    WARM_UP_LIMIT_MS: '20000',
  };
  sites = await Promise.all([startSite(env), startSite(env), startSite(env)]);
  await vi.waitFor(() =>
    expect(sites.every((site) => site.logs.some((line) => line.includes('Redis connected')))).toBe(true),
  );
});

afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  await proxy?.close();
  await service?.close();
  await redis?.stop();
});

it('keeps the fleet within the budget in every window, and no replica answers 500', async () => {
  const starts = [['/'], ['/en'], ['/actualiteiten', '/en/news']];
  const pages = (await Promise.all(sites.map((site, index) => crawl(site.url, starts[index]!, 30)))).flat();
  expect(pages.length).toBeGreaterThan(30);
  const unexpected = pages.filter(
    ({ status, retryAfter }) => ![200, 301, 503].includes(status) || (status === 503 && !/^\d+$/.test(retryAfter!)),
  );
  expect(unexpected.map(({ path, status }) => `${status} ${path}`)).toEqual([]);
  expect(throttle.requests.filter((request) => request.refused)).toEqual([]);
  expect(mostInAWindow(throttle.requests, WINDOW_MS)).toBeLessThanOrEqual(LIMIT);
  // The three were held to one budget: together they asked as much as one may, at times.
  expect(throttle.requests.length).toBeGreaterThan(LIMIT);
}, 240_000);
