import { readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import { startContentService } from '../server/content-service/service.ts';
import { startCmsProxy } from '../tests/helpers/cms-proxy.ts';
import { hasRedisServer, startRedis } from '../tests/helpers/redis-server.ts';
import { BROWSER_USER_AGENT, startSite } from '../tests/helpers/site.ts';
import type { RunningSite } from '../tests/helpers/site.ts';

// `npm run bench`: the production build under load on this machine: content pages, the architect
// search API and the site search page; then two replicas sharing Redis (CMS requests per page view, and
// the time from an edit's webhook to the new content on the other replica). A benchmark, not a test: the machine is shared, so compare
// figures within one run. Settings: BENCH_SECONDS (default 10),
// BENCH_CONNECTIONS (default 32).

/** One client asks thousands of times a second: the limits stay on, raised out of its way. */
const LIMITS_RAISED = {
  RATE_LIMIT_ARCHITECTS_PER_MINUTE: '1000000000',
  RATE_LIMIT_SEARCH_PER_MINUTE: '1000000000',
  RATE_LIMIT_WEBHOOK_PER_MINUTE: '1000000000',
};

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const CONTENT_PAGES = [
  '/', '/over-ons', '/inschrijven', '/actualiteiten', '/agenda', '/cursussen', '/publicaties', '/contact',
  '/veelgestelde-vragen', '/klachten', '/de-wet',
  '/en', '/en/about-us', '/en/registration', '/en/news', '/en/events', '/en/publications', '/en/contact',
  '/en/faq', '/en/complaints',
];

/** Peak resident memory of a process so far (Linux). */
const peakMemoryMb = (pid: number): number => {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
};

const timeToFirstByte = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers: { 'User-Agent': BROWSER_USER_AGENT } }, (response) => {
        response.once('data', () => resolve(performance.now() - started));
        response.resume();
      })
      .on('error', reject);
  });

const WARM_UP_SECONDS = 2;

/** Requests `paths` round-robin for the bench's duration, after a warm-up that is not counted (JIT, caches). */
const load = async (site: RunningSite, paths: string[]) => {
  const run = (duration: number) =>
    autocannon({
      url: site.url,
      connections,
      duration,
      headers: { 'User-Agent': BROWSER_USER_AGENT, 'Accept-Encoding': 'gzip' },
      requests: paths.map((path) => ({ method: 'GET' as const, path })),
    });
  await run(WARM_UP_SECONDS);
  return run(seconds);
};

/** The paths that answer 200; requesting them once also fills the caches. */
const answering = async (site: RunningSite, paths: string[]) => {
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
  'searchTerm=jansen', 'searchTerm=van%20der%20berg', 'searchTerm=d%C3%BAdok', 'searchTerm=amsterdam',
  'searchTerm=1.07', 'searchTerm=de&title=interior-architect', 'place=Utrecht&page=2', 'searchTerm=bakker&place=Rotterdam',
  'searchTerm=smit&perPage=50', 'title=landscape-architect&page=3', 'searchTerm=ve', 'searchTerm=zzzz',
];
/** More distinct questions than the register keeps answers to: every one is a full scan. */
const UNCACHED_ARCHITECT_QUERIES = Array.from({ length: 39 * 24 }, (_, index) => {
  const year = String((88 + Math.floor(index / 24)) % 100).padStart(2, '0');
  const month = String((Math.floor(index / 2) % 12) + 1).padStart(2, '0');
  return `searchTerm=1.${year}${month}${index % 2 ? '1' : '0'}`;
});
const SITE_QUERIES = ['register', 'inschrijven', 'klacht', 'archi', 'beroepservaring', 'wet op de architectentitel', 'cursus', 'regiter'];

/** The bytes and headers a page answers with, as the load generator receives them (gzip). */
const rawResponse = (url: string) =>
  new Promise<{ headers: http.OutgoingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { 'User-Agent': BROWSER_USER_AGENT, 'Accept-Encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

/**
 * The ceiling: a bare node:http server answering each path with the very bytes and headers the site
 * sent for it, from memory. Nothing can serve those responses faster on this machine.
 */
const startCeiling = async (site: RunningSite, paths: string[]) => {
  const responses = new Map<string, { headers: http.OutgoingHttpHeaders; body: Buffer }>();
  for (const path of paths) responses.set(path, await rawResponse(site.url + path));
  const server = http.createServer((req, res) => {
    const response = responses.get(req.url ?? '');
    if (!response) return void res.writeHead(404).end();
    res.writeHead(200, response.headers).end(response.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

// Metrics on, as in production; scraped before and after to show them moving.
const METRICS_PORT = Number(process.env.BENCH_METRICS_PORT ?? 9464);
const site = await startSite({ ...LIMITS_RAISED, METRICS_PORT: String(METRICS_PORT) });
/** The sum of every series of a counter, from the site's metrics port. */
const counterTotal = async (name: string) =>
  (await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text())
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
const requestsCountedBefore = await counterTotal('http_requests_total');
const measured = await (async () => {
  const pages = await answering(site, CONTENT_PAGES);
  // Twice: the first request renders a page, the page cache keeps it for the next.
  await answering(site, CONTENT_PAGES);
  const ceiling = await startCeiling(site, pages);
  const ceilingResult = await load({ url: ceiling.url } as RunningSite, pages).finally(() => ceiling.close());
  const architectPaths = await answering(site, ARCHITECT_QUERIES.map((query) => `/api/architects?${query}`));
  const searchPaths = await answering(site, [
    ...SITE_QUERIES.map((query) => `/zoeken?q=${encodeURIComponent(query)}`),
    ...SITE_QUERIES.map((query) => `/en/search?q=${encodeURIComponent(query)}`),
  ]);
  return {
    pages: { paths: pages, result: await load(site, pages) },
    ceiling: { paths: pages, result: ceilingResult },
    architects: { paths: architectPaths, result: await load(site, architectPaths) },
    uncached: { paths: UNCACHED_ARCHITECT_QUERIES, result: await load(site, UNCACHED_ARCHITECT_QUERIES.map((query) => `/api/architects?${query}`)) },
    search: { paths: searchPaths, result: await load(site, searchPaths) },
  };
})().catch(async (error: unknown) => {
  await site.stop();
  throw error;
});
const peak = peakMemoryMb(site.child.pid!);
const requestsCounted = (await counterTotal('http_requests_total')) - requestsCountedBefore;
const cacheHitsCounted = await counterTotal('page_cache_lookups_total');
await site.stop();

// The same pages rendered on every request: the page cache off.
const uncachedSite = await startSite({ ...LIMITS_RAISED, PAGE_CACHE_MB: '0' });
const rendered = await (async () => {
  await answering(uncachedSite, measured.pages.paths);
  return load(uncachedSite, measured.pages.paths);
})().finally(() => uncachedSite.stop());

// A cold page with 100 ms of CMS latency: the content service on its own, behind a slow proxy.
const service = await startContentService({ apiKey: 'bench-key', previewToken: 'bench-preview-token' });
const proxy = await startCmsProxy(service.url);
proxy.latencyMs = 100;
const cold = await startSite({ ...LIMITS_RAISED, CMS_API_URL: proxy.apiUrl, CMS_API_KEY: 'bench-key', CMS_URL: service.url });
const coldFirstByte: Record<string, number> = {};
try {
  for (const path of ['/over-ons', '/en/news']) coldFirstByte[path] = Math.round(await timeToFirstByte(cold.url + path));
} finally {
  await cold.stop();
  await proxy.close();
  await service.close();
}

/** Two replicas sharing a real redis-server; edits announced to A's webhook, as a CMS would. */
const measureReplicas = async () => {
  const secret = 'bench-revalidate-secret';
  const redis = await startRedis();
  const content = await startContentService({ apiKey: 'bench-key', previewToken: 'bench-preview-token', adminKey: 'bench-admin-key' });
  const counted = await startCmsProxy(content.url);
  const env = { ...LIMITS_RAISED, CMS_API_URL: counted.apiUrl, CMS_API_KEY: 'bench-key', CMS_URL: content.url, REDIS_URL: redis.url, CACHE_SIGNING_KEY: 'bench-signing-key-0123456789-0123456789', REVALIDATE_SECRET: secret };
  const [a, b] = await Promise.all([startSite(env), startSite(env)]);
  try {
    content.useWebhook({ url: `${a.url}/api/revalidate`, secret });
    const paths = measured.pages.paths;
    await answering(a, paths);
    await answering(b, paths);
    const onB = await load(b, paths);
    const pageViews = paths.length * 2 + onB.requests.total;

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
      while (!(await (await fetch(b.url + article, { headers: { 'User-Agent': BROWSER_USER_AGENT } })).text()).includes(title)) {
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

console.log(`\nWarm caches, ${connections} connections, ${seconds} s each`);
console.table(
  Object.fromEntries(
    Object.entries({
      [`${measured.pages.paths.length} content pages, page cache on`]: measured.pages.result,
      ['the same, page cache off']: rendered,
      ['the same bytes from bare node:http (ceiling)']: measured.ceiling.result,
      [`/api/architects, ${measured.architects.paths.length} queries`]: measured.architects.result,
      [`/api/architects, ${measured.uncached.paths.length} distinct queries`]: measured.uncached.result,
      [`site search page, ${measured.search.paths.length} queries`]: measured.search.result,
      ...(replicas ? { ['content pages on replica B, first viewed on A (Redis)']: replicas.onB } : {}),
    }).map(([label, result]) => [
      label,
      {
        'requests/s': Math.round(result.requests.average),
        'p50 (ms)': result.latency.p50,
        'p99 (ms)': result.latency.p99,
        'bytes/response': Math.round(result.throughput.total / Math.max(1, result.requests.total)),
        'non-2xx': result.non2xx,
        'errors + timeouts': result.errors + result.timeouts,
      },
    ]),
  ),
);
const ratio = measured.pages.result.requests.average / measured.ceiling.result.requests.average;
console.log(`Cached pages reach ${Math.round(ratio * 100)} % of the ceiling's requests per second.`);
console.log(`Server peak RSS: ${peak} MB`);
console.log(`Metrics (port ${METRICS_PORT}) over the run: ${requestsCounted} requests counted in http_requests_total, ${cacheHitsCounted} page cache lookups.`);
console.log('Cold page, CMS answering after 100 ms: time to first byte (ms)');
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
