import { afterAll, beforeAll, expect, it } from 'vitest';
import { createThrottle, mostInAWindow } from '../helpers/cms-throttle.ts';
import type { Throttle } from '../helpers/cms-throttle.ts';
import { crawl } from '../helpers/crawl.ts';
import type { RunningSite } from '../helpers/site.ts';
import { startFleetWithCms } from '../helpers/site-with-cms.ts';
import type { FleetWithCms } from '../helpers/site-with-cms.ts';

// Three replicas sharing a real redis-server (as deployed: only the site's ACL user), started cold
// together behind one address, before "another CMS" that keeps stock Statamic's rate limit per client
// address: each within the budget alone would ask three times what the CMS allows; the fleet's budget in
// Redis keeps all three within it, warm-ups and crawls alike.

const WINDOW_MS = 2000;
const LIMIT = 20;

let fleet: FleetWithCms | undefined;
let sites: RunningSite[] = [];
let throttle: Throttle;

beforeAll(async () => {
  throttle = createThrottle({ limit: LIMIT, windowMs: WINDOW_MS });
  fleet = await startFleetWithCms({
    beforeStart: (proxy) => {
      proxy.throttle = throttle;
    },
    env: {
      CMS_MAX_REQUESTS_PER_MINUTE: String(LIMIT),
      CMS_RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
      CMS_RATE_LIMIT_WAIT_MS: '1000',
    },
  });
  ({ sites } = fleet);
});

afterAll(async () => {
  await fleet?.stop();
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
