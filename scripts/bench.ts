import { readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import { startContentService } from '../server/content-service/service.ts';
import { startCmsProxy } from '../tests/helpers/cms-proxy.ts';
import { BROWSER_USER_AGENT, startSite } from '../tests/helpers/site.ts';
import type { RunningSite } from '../tests/helpers/site.ts';

// `npm run bench`: the production build under load on this machine. A benchmark, not a test: the
// machine is shared, so compare figures within one run. Settings: BENCH_SECONDS (default 10),
// BENCH_CONNECTIONS (default 32).

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

const warmLoad = async (site: RunningSite) => {
  // Only pages that exist count; the warm-up also fills the caches.
  const pages: string[] = [];
  for (const path of CONTENT_PAGES) {
    const response = await fetch(site.url + path, { headers: { 'User-Agent': BROWSER_USER_AGENT } });
    await response.text();
    if (response.status === 200) pages.push(path);
  }
  const result = await autocannon({
    url: site.url,
    connections,
    duration: seconds,
    headers: { 'User-Agent': BROWSER_USER_AGENT, 'Accept-Encoding': 'gzip' },
    requests: pages.map((path) => ({ method: 'GET' as const, path })),
  });
  return { pages, result };
};

const site = await startSite();
const warm = await warmLoad(site).catch(async (error: unknown) => {
  await site.stop();
  throw error;
});
const peak = peakMemoryMb(site.child.pid!);
await site.stop();

// A cold page with 100 ms of CMS latency: the content service on its own, behind a slow proxy.
const service = await startContentService({ apiKey: 'bench-key', previewToken: 'bench-preview-token' });
const proxy = await startCmsProxy(service.url);
proxy.latencyMs = 100;
const cold = await startSite({ CMS_API_URL: proxy.apiUrl, CMS_API_KEY: 'bench-key', CMS_URL: service.url });
const coldFirstByte: Record<string, number> = {};
try {
  for (const path of ['/over-ons', '/en/news']) coldFirstByte[path] = Math.round(await timeToFirstByte(cold.url + path));
} finally {
  await cold.stop();
  await proxy.close();
  await service.close();
}

const { result, pages } = warm;
const responses = result.requests.total;
console.log(`\nWarm cache: ${pages.length} content pages in both locales, ${connections} connections, ${seconds} s`);
console.table({
  'requests/s (mean)': Math.round(result.requests.average),
  'latency p50 (ms)': result.latency.p50,
  'latency p99 (ms)': result.latency.p99,
  'bytes/response (gzip)': Math.round(result.throughput.total / Math.max(1, responses)),
  'non-2xx responses': result.non2xx,
  'errors + timeouts': result.errors + result.timeouts,
  'server peak RSS (MB)': peak,
});
console.log('Cold page, CMS answering after 100 ms: time to first byte (ms)');
console.table(coldFirstByte);
