import { randomBytes } from 'node:crypto';
import { startCmsProxy } from '../../tests/helpers/cms-proxy.ts';
import type { ProxiedRequest } from '../../tests/helpers/cms-proxy.ts';
import { crawl } from '../../tests/helpers/crawl.ts';
import { freePort } from '../../tests/helpers/free-port.ts';
import { startRedis } from '../../tests/helpers/redis-server.ts';
import type { RunningRedis } from '../../tests/helpers/redis-server.ts';
import { BROWSER_USER_AGENT, ROOT, startSite } from '../../tests/helpers/site.ts';
import type { RunningSite } from '../../tests/helpers/site.ts';
import { COMPILED_SERVER_ENTRY } from '../build-server.ts';
import { startReady } from './ready-process.ts';

// The cold crawl of `npm run bench`: what a site costs its CMS from a cold start. The sample CMS runs in a
// process of its own behind a proxy that counts every call and its status; the site (one process, or
// replicas sharing a redis-server) starts cold, is crawled from `/` and `/en` along every internal link
// (the replicas asked in turns), and is then asked for made-up paths. The CMS's and the site's
// environment are open to the caller: the same crawl against a throttled CMS, or with other settings.

export interface ColdCrawlOptions {
  /** Further environment of the sample CMS's process. */
  cmsEnv?: Record<string, string>;
  /** Further environment of each site process. */
  siteEnv?: Record<string, string>;
  /** Site processes; more than one share a redis-server. */
  replicas?: number;
  /** Made-up paths asked after the crawl. */
  junkPaths?: number;
}

export interface ColdCrawl {
  replicas: number;
  pages: number;
  /** Pages crawled by status. */
  statuses: Record<number, number>;
  /** CMS calls from the first site's start (its warm-up included) to the end of the crawl. */
  cmsCalls: number;
  /** Of them, made before the sites said they were ready (the warm-up). */
  warmUpCalls: number;
  /** Calls the CMS refused with 429 (the crawl's and the made-up paths'). */
  refused: number;
  junk: { paths: number; statuses: Record<number, number>; cmsCalls: number };
}

const CMS_KEY = 'cold-crawl-key';
const REGISTER_KEY = 'cold-crawl-register-key';

const countBy = (values: readonly number[]): Record<number, number> => {
  const counts: Record<number, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
};

/** A path no list holds: one, two or three segments, in either language. */
const junkPath = (index: number): string => {
  const word = () => `junk-${randomBytes(4).toString('hex')}`;
  const segments = Array.from({ length: (index % 3) + 1 }, word).join('/');
  return index % 2 ? `/en/${segments}` : `/${segments}`;
};

export const coldCrawl = async ({
  cmsEnv = {},
  siteEnv = {},
  replicas = 1,
  junkPaths = 25,
}: ColdCrawlOptions = {}): Promise<ColdCrawl> => {
  const cmsPort = await freePort();
  const cms = await startReady(
    'cold-crawl-cms',
    ['sample-cms/main.ts'],
    { CONTENT_SERVICE_PORT: String(cmsPort), CMS_API_KEY: CMS_KEY, REGISTER_API_KEY: REGISTER_KEY, ...cmsEnv },
    /register API (\S+);/,
  );
  const proxy = await startCmsProxy(`http://127.0.0.1:${cmsPort}`);
  let redis: RunningRedis | null = null;
  let sites: RunningSite[] = [];
  try {
    redis = replicas > 1 ? await startRedis() : null;
    const env = {
      CMS_API_URL: proxy.apiUrl,
      CMS_API_KEY: CMS_KEY,
      // Through the proxy too: every call the site makes to the CMS is counted.
      CMS_URL: proxy.url,
      REGISTER_API_URL: cms.match[1]!,
      REGISTER_API_KEY: REGISTER_KEY,
      ...(redis ? { REDIS_URL: redis.url, CACHE_SIGNING_KEY: 'cold-crawl-signing-key-0123456789-0123' } : {}),
      // Calls are counted, not timed: on a busy machine an answer slower than the usual 5 s would be
      // asked again, and counted twice.
      CMS_TIMEOUT_MS: '30000',
      ...siteEnv,
    };
    const starting = Array.from({ length: replicas }, () => startSite(env, ROOT, COMPILED_SERVER_ENTRY));
    sites = (await Promise.allSettled(starting)).flatMap((started) =>
      started.status === 'fulfilled' ? [started.value] : [],
    );
    if (sites.length < replicas) throw new Error('a site of the cold crawl did not start');
    const warmUpCalls = proxy.requests.length;
    const pages = await crawl(
      sites.map((site) => site.url),
      ['/', '/en'],
    );
    const cmsCalls = proxy.requests.length;
    const junk = await Promise.all(
      Array.from({ length: junkPaths }, async (_, index) => {
        const site = sites[index % sites.length]!;
        const response = await fetch(site.url + junkPath(index), { headers: { 'User-Agent': BROWSER_USER_AGENT } });
        await response.text();
        return response.status;
      }),
    );
    const refused = (requests: readonly ProxiedRequest[]) => requests.filter(({ status }) => status === 429).length;
    return {
      replicas,
      pages: pages.length,
      statuses: countBy(pages.map(({ status }) => status)),
      cmsCalls,
      warmUpCalls,
      refused: refused(proxy.requests),
      junk: { paths: junkPaths, statuses: countBy(junk), cmsCalls: proxy.requests.length - cmsCalls },
    };
  } finally {
    await Promise.all(sites.map((site) => site.stop()));
    await redis?.stop();
    await proxy.close();
    await cms.process.stop();
  }
};

const STATUSES = [200, 404, 500, 503] as const;

/** A row of the bench's table. */
export const coldCrawlRow = (result: ColdCrawl) => {
  const others = Object.entries(result.statuses).filter(
    ([status]) => !STATUSES.some((known) => String(known) === status),
  );
  return {
    'pages crawled': result.pages,
    ...Object.fromEntries(STATUSES.map((status) => [`${status}s`, result.statuses[status] ?? 0])),
    ...(others.length ? { other: others.map(([status, count]) => `${status}: ${count}`).join(', ') } : {}),
    'CMS calls (warm-up)': `${result.cmsCalls} (${result.warmUpCalls})`,
    'calls a page': Number((result.cmsCalls / Math.max(1, result.pages)).toFixed(2)),
    'refused (429)': result.refused,
    [`calls for ${result.junk.paths} made-up paths`]: result.junk.cmsCalls,
    'made-up paths answered': Object.entries(result.junk.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', '),
  };
};
