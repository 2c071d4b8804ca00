import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CmsProxy } from '../helpers/cms-proxy.ts';
import { crawl } from '../helpers/crawl.ts';
import type { RunningSite } from '../helpers/site.ts';
import { startFleetWithCms } from '../helpers/site-with-cms.ts';
import type { FleetWithCms } from '../helpers/site-with-cms.ts';

// The site beside a CMS that behaves as a stock Statamic does where it matters: the sample CMS with its
// own API throttle on (Laravel's `api` group: a fixed window per client address, 429 with Retry-After
// past it) and Glide's signing on. Three replicas sharing a real redis-server start cold together and
// are crawled at once, with the site's budget set to the CMS's limit as docs/statamic.md says: no page
// answers 500, a page that cannot be had now answers 503 with Retry-After, and no call is asked again
// before the Retry-After of a refusal has passed. A recording proxy in front of the CMS (no throttle of
// its own) sees every call and its answer.

const WINDOW_S = 2;
const LIMIT = 20;

let fleet: FleetWithCms | undefined;
let proxy: CmsProxy;
let sites: RunningSite[] = [];

beforeAll(async () => {
  fleet = await startFleetWithCms({
    content: { apiThrottle: { limit: LIMIT, windowSeconds: WINDOW_S } },
    env: {
      // The CMS's limit, as an operator sets it from docs/statamic.md (its window shortened for the test).
      CMS_MAX_REQUESTS_PER_MINUTE: String(LIMIT),
      CMS_RATE_LIMIT_WINDOW_MS: String(WINDOW_S * 1000),
      CMS_RATE_LIMIT_WAIT_MS: '1000',
    },
  });
  ({ proxy, sites } = fleet);
}, 120_000);

afterAll(async () => {
  await fleet?.stop();
});

it('answers no page 500 beside a throttling Statamic, and asks nothing again before its Retry-After', async () => {
  const starts = [
    ['/', '/over-ons'],
    ['/en', '/en/about-us'],
    ['/actualiteiten', '/agenda', '/en/news'],
  ];
  const pages = (await Promise.all(sites.map((site, index) => crawl(site.url, starts[index]!, 40)))).flat();
  expect(pages.length).toBeGreaterThan(60);
  const unexpected = pages.filter(
    ({ status, retryAfter }) => ![200, 301, 503].includes(status) || (status === 503 && !/^\d+$/.test(retryAfter!)),
  );
  expect(unexpected.map(({ path, status }) => `${status} ${path}`)).toEqual([]);
  expect(pages.filter(({ status }) => status === 200).length).toBeGreaterThan(pages.length / 2);

  // Every refusal's Retry-After (whole seconds, to the window's end) is kept: no call of the fleet went
  // out before it had passed, whatever its URL (Laravel's window counts the client, not the URL).
  const calls = proxy.requests.filter((request) => request.url.startsWith('/api/'));
  expect(calls.length).toBeGreaterThan(LIMIT);
  const refusals = calls.filter((request) => request.status === 429);
  for (const refusal of refusals) {
    const endsAt = refusal.endedAt! + Number(refusal.retryAfter ?? 0) * 1000;
    const early = calls.filter((call) => call.startedAt > refusal.endedAt! && call.startedAt < endsAt - 50);
    expect(early.map((call) => call.url)).toEqual([]);
  }
}, 300_000);
