import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrottle, mostInAWindow } from '../helpers/cms-throttle.ts';
import { crawl } from '../helpers/crawl.ts';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import type { SiteWithCms } from '../helpers/site-with-cms.ts';
import { GOOGLEBOT_USER_AGENT, get, startSite, viewUntilCached } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

// The site against "another CMS" (the sample content behind a proxy) that keeps stock Statamic's rate
// limit (tests/helpers/cms-throttle.ts), with the window shortened by CMS_RATE_LIMIT_WINDOW_MS: crawled
// cold, it never asks more than the CMS allows and never answers 500; a page it cannot make answers 503
// with Retry-After, a page it kept answers stale; after a 429 nothing is asked before its Retry-After.

const WINDOW_MS = 2000;
const LIMIT = 30;
const RATE_LIMIT = {
  CMS_MAX_REQUESTS_PER_MINUTE: String(LIMIT),
  CMS_RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
  CMS_RATE_LIMIT_WAIT_MS: '1000',
};

describe("a CMS's rate limit, crawled cold", () => {
  let cms: SiteWithCms;
  beforeAll(async () => {
    cms = await startSiteWithCms(RATE_LIMIT);
  });
  afterAll(async () => {
    await cms?.stop();
  });

  it('is never exceeded by a cold crawl, which sees no 500: only pages, or 503 with Retry-After', async () => {
    const throttle = createThrottle({ limit: LIMIT, windowMs: WINDOW_MS });
    cms.proxy.throttle = throttle;
    await cms.changeEverything();
    const pages = await crawl(cms.site.url, ['/', '/en'], 60);
    expect(pages.length).toBeGreaterThan(10);
    const unexpected = pages.filter(
      ({ status, retryAfter }) => ![200, 301, 503].includes(status) || (status === 503 && !/^\d+$/.test(retryAfter!)),
    );
    expect(unexpected.map(({ path, status }) => `${status} ${path}`)).toEqual([]);
    expect(throttle.requests.filter((request) => request.refused)).toEqual([]);
    expect(mostInAWindow(throttle.requests, WINDOW_MS)).toBeLessThanOrEqual(LIMIT);
  }, 120_000);
});

// In a process of its own: the stand-in's clock then sees each request when the site sends it.
describe("a CMS's rate limit, once the CMS refuses", () => {
  const TTL_MS = 1500;
  let cms: SiteWithCms<RunningSite>;
  beforeAll(async () => {
    cms = await startSiteWithCms({ ...RATE_LIMIT, CMS_CACHE_TTL_MS: String(TTL_MS) }, startSite);
  });
  afterAll(async () => {
    await cms?.stop();
  });

  it('once refused, asks nothing before the Retry-After: kept pages answer stale, others 503, bots too', async () => {
    cms.proxy.throttle = null;
    await cms.changeEverything();
    const kept = '/actualiteiten';
    const { body: keptBody } = await viewUntilCached(cms.site.url + kept);
    // Another client on the CMS's address spends a window of a minute: every call of the site is refused.
    // Calls the site sent before it could know of the first refusal (a burst of refreshes, the next
    // page's calls, arriving late on a busy machine) are not counted against it.
    const throttle = createThrottle({ limit: 1, windowMs: 60_000, inFlightMs: 1000 });
    throttle.admit('/api/another-client');
    cms.proxy.throttle = throttle;
    const logsBefore = cms.site.logs.length;
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));

    const stale = await get(cms.site.url + kept);
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(keptBody);
    const cold = await get(cms.site.url + '/en/complaints');
    expect(cold.status).toBe(503);
    expect(Number(cold.headers.get('retry-after'))).toBeGreaterThan(0);
    const bot = await get(cms.site.url + '/en/faq', { 'User-Agent': GOOGLEBOT_USER_AGENT });
    expect(bot.status).toBe(503);
    expect(Number(bot.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get(cms.site.url + kept)).status).toBe(200);

    expect(throttle.requests.filter((request) => request.refused).length).toBeGreaterThan(0);
    expect(throttle.requests.filter((request) => request.early)).toEqual([]);
    // At most one line for the period (it may have begun while the page was first viewed), none for each
    // call held back or refused.
    const logs = cms.site.logs.slice(logsBefore);
    expect(logs.filter((line) => line.includes('rate limit is reached')).length).toBeLessThanOrEqual(1);
    expect(cms.site.logs.some((line) => line.includes('rate limit is reached'))).toBe(true);
    expect(logs.filter((line) => line.includes('"level":"error"') && line.includes('CMS'))).toEqual([]);
  });
});
