import http from 'node:http';
import autocannon from 'autocannon';
import { startContentService } from '../sample-cms/service.ts';
import { sequentialRounds, startCmsProxy } from '../tests/helpers/cms-proxy.ts';
import type { ProxiedRequest } from '../tests/helpers/cms-proxy.ts';
import { freePort } from '../tests/helpers/free-port.ts';
import { hasRedisServer, startRedis } from '../tests/helpers/redis-server.ts';
import { changeEverything } from '../tests/helpers/revalidate.ts';
import { BROWSER_USER_AGENT, ROOT, startSite as startSiteFrom } from '../tests/helpers/site.ts';
import { COMPILED_SERVER_ENTRY } from './build-server.ts';
import type { RunningSite } from '../tests/helpers/site.ts';
import { CONTENT_PAGES, TEMPLATE_PATHS } from '../tests/helpers/template-paths.ts';
import { coldCrawl, coldCrawlRow } from './bench/cold-crawl.ts';
import { cpuMs, peakRssMb, resetPeak } from './bench/process-usage.ts';
import { startReady } from './bench/ready-process.ts';

// `npm run bench`: the production build under load on this machine, in the same run as a bare ceiling.
// Five processes share the cores: the site (started as `npm start` starts it, with the same Node flags
// and environment), its content service and the register's API each on their own (so that the site's
// memory is its own), the ceiling (a bare node:http server sending the site's own bytes and headers from
// memory, scripts/bench/ceiling-server.ts), and the load generator, this process. Measured: cached pages
// and the render path (page cache off), each with no compression asked and with `gzip, deflate, br`, as
// requests per second, p99, server CPU per request and peak RSS, with the ratio to the ceiling; then the
// architect search API, the site search page, a cold page per template with 100 ms of CMS latency, and
// two replicas sharing Redis (CMS requests per page view, and the time from an edit's webhook to the new
// content on the other replica); last, the cold crawl (scripts/bench/cold-crawl.ts: the CMS calls of a
// whole site crawled from a cold start, one process and three sharing Redis). A benchmark, not a test: the machine is shared, so compare figures
// within one run. Settings: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 32).

/** The site as `npm start` and the image run it: its compiled modules (scripts/build-server.ts). */
const startSite = (env: Record<string, string>) => startSiteFrom(env, ROOT, COMPILED_SERVER_ENTRY);

/** One client asks thousands of times a second: the limits stay on, raised out of its way. */
const LIMITS_RAISED = {
  RATE_LIMIT_ARCHITECTS_PER_MINUTE: '1000000000',
  RATE_LIMIT_SEARCH_PER_MINUTE: '1000000000',
  RATE_LIMIT_WEBHOOK_PER_MINUTE: '1000000000',
};

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const ENCODINGS = { identity: 'identity', br: 'gzip, deflate, br' } as const;
type Encoding = keyof typeof ENCODINGS;

/** Milliseconds to the first byte of a page's body, and the moment it came (`performance.now()`). */
const firstByte = (url: string) =>
  new Promise<{ ms: number; at: number }>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers: { 'User-Agent': BROWSER_USER_AGENT } }, (response) => {
        response.once('data', () => {
          const at = performance.now();
          resolve({ ms: at - started, at });
        });
        response.resume();
      })
      .on('error', reject);
  });

/**
 * The site's own part of a first view: from the last CMS answer it waited for to its first byte, apart
 * from the latency and the answering time of the CMS behind the proxy; a dash when it asked for nothing.
 */
const afterLastAnswer = (requests: readonly ProxiedRequest[], firstByteAt: number): number | string => {
  const ends = requests.flatMap(({ endedAt }) => (endedAt !== null && endedAt <= firstByteAt ? [endedAt] : []));
  return ends.length ? Math.round(firstByteAt - Math.max(...ends)) : '–';
};

const WARM_UP_SECONDS = 2;

/** Requests `paths` round-robin for `duration` seconds. */
const run = (url: string, paths: string[], duration: number, encoding: Encoding = 'identity') =>
  autocannon({
    url,
    connections,
    duration,
    headers: { 'User-Agent': BROWSER_USER_AGENT, 'Accept-Encoding': ENCODINGS[encoding] },
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  });

/** A warm-up that is not counted (JIT, caches), then the run, with what the server process used in it. */
const load = async (server: { url: string; pid: number }, paths: string[], encoding: Encoding = 'identity') => {
  await run(server.url, paths, WARM_UP_SECONDS, encoding);
  const peakReset = resetPeak(server.pid);
  const cpuBefore = cpuMs(server.pid);
  const result = await run(server.url, paths, seconds, encoding);
  return {
    result,
    cpuMsPerRequest: (cpuMs(server.pid) - cpuBefore) / Math.max(1, result.requests.total),
    peakRssMb: peakRssMb(server.pid),
    peakSince: peakReset ? 'this run' : 'start',
  };
};
type Load = Awaited<ReturnType<typeof load>>;

const serverOf = (site: RunningSite) => ({ url: site.url, pid: site.child.pid! });

/** The paths that answer 200; requesting them once also fills the caches. */
const answering = async (site: RunningSite, paths: readonly string[]) => {
  const found: string[] = [];
  for (const path of paths) {
    const response = await fetch(site.url + path, { headers: { 'User-Agent': BROWSER_USER_AGENT } });
    await response.text();
    if (response.status === 200) found.push(path);
  }
  return found;
};

// What visitors type: names with and without prefix or accent, numbers, places, filters, pages.
const ARCHITECT_QUERIES = [
  'searchTerm=jansen',
  'searchTerm=van%20der%20berg',
  'searchTerm=d%C3%BAdok',
  'searchTerm=amsterdam',
  'searchTerm=1.07',
  'searchTerm=de&title=interior-architect',
  'place=Utrecht&page=2',
  'searchTerm=bakker&place=Rotterdam',
  'searchTerm=smit&perPage=50',
  'title=landscape-architect&page=3',
  'searchTerm=ve',
  'searchTerm=zzzz',
];
/** More distinct questions than the register keeps answers to: each one a full scan, in the register's process. */
const UNCACHED_ARCHITECT_QUERIES = Array.from({ length: 39 * 24 }, (_, index) => {
  const year = String((88 + Math.floor(index / 24)) % 100).padStart(2, '0');
  const month = String((Math.floor(index / 2) % 12) + 1).padStart(2, '0');
  return `searchTerm=1.${year}${month}${index % 2 ? '1' : '0'}`;
});
const SITE_QUERIES = [
  'register',
  'inschrijven',
  'klacht',
  'archi',
  'beroepservaring',
  'wet op de architectentitel',
  'cursus',
  'regiter',
];

// The content service in its own process, for the loaded sites.
const CMS_KEY = 'bench-key';
const REVALIDATE_SECRET = 'bench-revalidate-secret';
const cmsPort = await freePort();
const cms = await startReady(
  'content-service',
  ['sample-cms/main.ts'],
  { CONTENT_SERVICE_PORT: String(cmsPort), CMS_API_KEY: CMS_KEY },
  /listening on/,
);
// The register's API too, as in production: the sample CMS's, in a process of its own.
const REGISTER_KEY = 'bench-register-key';
const registerPort = await freePort();
const register = await startReady(
  'register',
  ['sample-cms/main.ts'],
  { CONTENT_SERVICE_PORT: String(registerPort), REGISTER_API_KEY: REGISTER_KEY },
  /register API (\S+);/,
);
const registerEnv = { REGISTER_API_URL: register.match[1]!, REGISTER_API_KEY: REGISTER_KEY };
const cmsEnv = {
  CMS_API_URL: `http://127.0.0.1:${cmsPort}/api`,
  CMS_API_KEY: CMS_KEY,
  CMS_URL: `http://127.0.0.1:${cmsPort}`,
  ...registerEnv,
};

// Metrics on, as in production; scraped before and after to show them moving.
const METRICS_PORT = Number(process.env.BENCH_METRICS_PORT ?? 9464);
const site = await startSite({ ...LIMITS_RAISED, ...cmsEnv, METRICS_PORT: String(METRICS_PORT) });
/** The sum of every series of a counter, from the site's metrics port. */
const counterTotal = async (name: string) =>
  (await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text())
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
const requestsCountedBefore = await counterTotal('http_server_request_duration_seconds_count');
const measured = await (async () => {
  const pages = await answering(site, CONTENT_PAGES);
  // Twice: the first request renders a page, the page cache keeps it for the next.
  await answering(site, CONTENT_PAGES);
  const ceiling = await startReady(
    'ceiling',
    ['scripts/bench/ceiling-server.ts', site.url, ...pages],
    {},
    /ceiling listening on port (\d+)/,
  );
  const ceilingPort = ceiling.match[1];
  const ceilingLoad = await load(
    { url: `http://127.0.0.1:${ceilingPort}`, pid: ceiling.process.child.pid! },
    pages,
  ).finally(() => ceiling.process.stop());
  const architectPaths = await answering(
    site,
    ARCHITECT_QUERIES.map((query) => `/api/architects?${query}`),
  );
  const searchPaths = await answering(site, [
    ...SITE_QUERIES.map((query) => `/zoeken?q=${encodeURIComponent(query)}`),
    ...SITE_QUERIES.map((query) => `/en/search?q=${encodeURIComponent(query)}`),
  ]);
  return {
    pages,
    ceiling: ceilingLoad,
    cached: await load(serverOf(site), pages),
    cachedBr: await load(serverOf(site), pages, 'br'),
    architects: { paths: architectPaths, load: await load(serverOf(site), architectPaths) },
    uncached: {
      paths: UNCACHED_ARCHITECT_QUERIES,
      load: await load(
        serverOf(site),
        UNCACHED_ARCHITECT_QUERIES.map((query) => `/api/architects?${query}`),
      ),
    },
    search: { paths: searchPaths, load: await load(serverOf(site), searchPaths) },
  };
})().catch(async (error: unknown) => {
  await site.stop();
  await cms.process.stop();
  await register.process.stop();
  throw error;
});
const requestsCounted = (await counterTotal('http_server_request_duration_seconds_count')) - requestsCountedBefore;
const cacheHitsCounted = await counterTotal('page_cache_lookups_total');
await site.stop();

// The same pages rendered on every request: the page cache off.
const renderingSite = await startSite({ ...LIMITS_RAISED, ...cmsEnv, PAGE_CACHE_MB: '0' });
const rendered = await (async () => {
  await answering(renderingSite, measured.pages);
  return {
    identity: await load(serverOf(renderingSite), measured.pages),
    br: await load(serverOf(renderingSite), measured.pages, 'br'),
  };
})().finally(async () => {
  await renderingSite.stop();
  await cms.process.stop();
});

// A first view of each template with 100 ms of CMS latency (the content service behind a slow proxy):
// on a fresh server (which warmed up before saying it was ready), and on one server just after a change
// to everything, which drops every CMS answer it kept, so that the page waits for the CMS.
const service = await startContentService({ apiKey: CMS_KEY, previewToken: 'bench-preview-token' });
const proxy = await startCmsProxy(service.url);
proxy.latencyMs = 100;
const coldFirstByte: Record<string, Record<string, string | number>> = {};
const coldEnv = {
  ...LIMITS_RAISED,
  CMS_API_URL: proxy.apiUrl,
  CMS_API_KEY: CMS_KEY,
  CMS_URL: service.url,
  ...registerEnv,
  REVALIDATE_SECRET,
};
try {
  for (const [template, path] of Object.entries(TEMPLATE_PATHS)) {
    const fresh = await startSite(coldEnv);
    try {
      proxy.requests.length = 0;
      const { ms, at } = await firstByte(fresh.url + path);
      coldFirstByte[template] = {
        path,
        'fresh server (ms)': Math.round(ms),
        'of which after the last CMS answer': afterLastAnswer(proxy.requests, at),
      };
    } finally {
      await fresh.stop();
    }
  }
  const site = await startSite(coldEnv);
  try {
    for (const [template, path] of Object.entries(TEMPLATE_PATHS)) {
      const changed = await changeEverything(site.url, REVALIDATE_SECRET);
      if (changed.status !== 202) throw new Error(`the webhook answered ${changed.status}`);
      proxy.requests.length = 0;
      coldFirstByte[template] = {
        ...coldFirstByte[template],
        'nothing cached (ms)': Math.round((await firstByte(site.url + path)).ms),
        'CMS rounds': sequentialRounds(proxy.requests),
      };
    }
  } finally {
    await site.stop();
  }
} finally {
  await proxy.close();
  await service.close();
}

/** Two replicas sharing a real redis-server; edits announced to A's webhook, as a CMS would. */
const measureReplicas = async () => {
  const redis = await startRedis();
  const content = await startContentService({
    apiKey: CMS_KEY,
    previewToken: 'bench-preview-token',
    adminKey: 'bench-admin-key',
  });
  const counted = await startCmsProxy(content.url);
  const env = {
    ...LIMITS_RAISED,
    CMS_API_URL: counted.apiUrl,
    CMS_API_KEY: CMS_KEY,
    CMS_URL: content.url,
    REDIS_URL: redis.url,
    CACHE_SIGNING_KEY: 'bench-signing-key-0123456789-0123456789',
    ...registerEnv,
    REVALIDATE_SECRET,
  };
  const [a, b] = await Promise.all([startSite(env), startSite(env)]);
  try {
    content.useWebhook({ url: `${a.url}/api/revalidate`, secret: REVALIDATE_SECRET });
    const paths = measured.pages;
    await answering(a, paths);
    await answering(b, paths);
    const onB = await load(serverOf(b), paths);
    const pageViews = paths.length * 2 + onB.result.requests.total;

    // From the editor's save (which calls the webhook) to the new title in B's answer.
    const article = '/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers';
    const delays: number[] = [];
    for (let edit = 1; edit <= 10; edit += 1) {
      const title = `Register telt ruim 14.000 ontwerpers (${edit})`;
      const started = performance.now();
      await fetch(`${content.url}/admin/collections/actualities/entries/${article.split('/').pop()}`, {
        method: 'POST',
        headers: { Authorization: 'Bearer bench-admin-key' },
        body: JSON.stringify({ title }),
      });
      while (
        !(await (await fetch(b.url + article, { headers: { 'User-Agent': BROWSER_USER_AGENT } })).text()).includes(
          title,
        )
      ) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      delays.push(performance.now() - started);
    }
    delays.sort((x, y) => x - y);
    return { pageViews, cmsRequests: counted.requests.length, onB, delays };
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await counted.close();
    await content.close();
    await redis.stop();
  }
};
const replicas = hasRedisServer() ? await measureReplicas() : null;
await register.process.stop();

const coldCrawls = [await coldCrawl(), ...(hasRedisServer() ? [await coldCrawl({ replicas: 3 })] : [])];

const ceilingRate = measured.ceiling.result.requests.average;
const row = ({ result, cpuMsPerRequest, peakRssMb: peak, peakSince }: Load, ofCeiling = false) => ({
  'requests/s': Math.round(result.requests.average),
  ...(ofCeiling ? { 'of ceiling': `${Math.round((result.requests.average / ceilingRate) * 100)} %` } : {}),
  'p99 (ms)': result.latency.p99,
  'CPU ms/request': Number(cpuMsPerRequest.toFixed(3)),
  [`peak RSS (MB)`]: peakSince === 'this run' ? peak : `${peak} (since start)`,
  'bytes/response': Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  'non-2xx': result.non2xx,
  'errors + timeouts': result.errors + result.timeouts,
});

console.log(
  `\nWarm caches, ${connections} connections, ${seconds} s each; server CPU and peak RSS of the answering process`,
);
console.table({
  [`ceiling: the same bytes from bare node:http, ${measured.pages.length} pages`]: row(measured.ceiling, true),
  ['content pages, page cache on']: row(measured.cached, true),
  ['the same, gzip, deflate, br']: row(measured.cachedBr, true),
  ['the same, page cache off (rendered)']: row(rendered.identity, true),
  ['rendered, gzip, deflate, br']: row(rendered.br, true),
  [`/api/architects, ${measured.architects.paths.length} queries`]: row(measured.architects.load),
  [`/api/architects, ${measured.uncached.paths.length} distinct queries`]: row(measured.uncached.load),
  [`site search page, ${measured.search.paths.length} queries`]: row(measured.search.load),
});
if (replicas) console.table({ ['content pages on replica B, first viewed on A (Redis)']: row(replicas.onB) });
console.log(
  `Metrics (port ${METRICS_PORT}) over the run: ${requestsCounted} requests counted in http_server_request_duration_seconds_count, ${cacheHitsCounted} page cache lookups.`,
);
console.log(
  'A first view of each template, CMS answering after 100 ms: time to the first byte on a fresh server (and the part of it after the last CMS answer came), and after a change to everything (no CMS answer kept), with the rounds of CMS requests it made',
);
console.table(coldFirstByte);
if (replicas) {
  const median = replicas.delays[Math.floor(replicas.delays.length / 2)]!;
  console.log(
    `Two replicas with Redis: ${replicas.cmsRequests} CMS requests for ${replicas.pageViews} page views ` +
      `(${(replicas.cmsRequests / replicas.pageViews).toFixed(4)} per view); an edit reaches replica B ` +
      `${Math.round(median)} ms (median of ${replicas.delays.length}, max ${Math.round(replicas.delays.at(-1)!)}) after it is saved.`,
  );
} else {
  console.log('Two replicas with Redis: skipped, redis-server is not installed (apt-get install redis-server).');
}
console.log(
  'Cold crawl: a site started cold, crawled along every internal link from / and /en, then asked for made-up paths; every CMS call counted from its start',
);
console.table(
  Object.fromEntries(
    coldCrawls.map((result) => [
      result.replicas > 1 ? `${result.replicas} processes sharing Redis` : 'one process',
      coldCrawlRow(result),
    ]),
  ),
);
