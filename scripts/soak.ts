import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { BROWSER_USER_AGENT, ROOT, startSite as startSiteFrom } from '../tests/helpers/site.ts';
import { COMPILED_SERVER_ENTRY } from './build-server.ts';
import { CONTENT_PAGES } from '../tests/helpers/template-paths.ts';

// `npm run soak`: mixed load on the production build for SOAK_MINUTES (default 10) at 32 connections:
// pages of both languages, their payloads, both searches, the architect API and some 404s. A benchmark
// script, not a test. It reports requests per second, p99 and resident memory per minute, and whether
// the memory after the last minute is within 10 % of the memory after the first.

/** The site as `npm start` and the image run it: its compiled modules (scripts/build-server.ts). */
const startSite = (env: Record<string, string>) => startSiteFrom(env, ROOT, COMPILED_SERVER_ENTRY);

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 32);

const residentMb = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
};

const site = await startSite({
  // One client asks thousands of times a second: the limits stay on, raised out of its way.
  RATE_LIMIT_ARCHITECTS_PER_MINUTE: '1000000000',
  RATE_LIMIT_SEARCH_PER_MINUTE: '1000000000',
  LOG_LEVEL: 'info',
});
const buildId = ((await (await fetch(`${site.url}/_build/latest.json`)).json()) as { id: string }).id;

const paths = [
  ...CONTENT_PAGES,
  ...CONTENT_PAGES.map((path) => `${path}?_rsc=${buildId}`),
  '/zoeken?q=register',
  '/zoeken?q=klacht&type=pages',
  '/en/search?q=registration',
  '/vind-een-architect?searchTerm=jansen',
  '/en/find-an-architect?searchTerm=dudok',
  '/api/search?q=inschrij&locale=nl',
  '/api/architects?searchTerm=bakker',
  '/api/architects?searchTerm=1.07&page=2',
  '/api/architects?place=Utrecht',
  '/bestaat-niet',
  '/en/does-not-exist',
  '/x/y/z/w',
];
// Varying queries keep some of the work uncached, as real searches do.
let counter = 0;
const requests: autocannon.Request[] = paths.map((path) => ({
  method: 'GET' as const,
  path,
  setupRequest: (request: autocannon.Request) => {
    counter += 1;
    if (path.startsWith('/api/architects?searchTerm=bakker'))
      request.path = `/api/architects?searchTerm=${['bakker', 'smit', 'de', 'van', 'jan'][counter % 5]}${counter % 7}`;
    return request;
  },
}));

const rows: Array<{
  minute: number;
  'requests/s': number;
  'p99 (ms)': number;
  'non-2xx': number;
  errors: number;
  'RSS (MB)': number;
}> = [];
try {
  for (let minute = 1; minute <= minutes; minute += 1) {
    const result = await autocannon({
      url: site.url,
      connections,
      duration: 60,
      headers: { 'User-Agent': BROWSER_USER_AGENT, 'Accept-Encoding': 'gzip' },
      requests,
    });
    rows.push({
      minute,
      'requests/s': Math.round(result.requests.average),
      'p99 (ms)': result.latency.p99,
      'non-2xx': result.non2xx,
      errors: result.errors + result.timeouts,
      'RSS (MB)': residentMb(site.child.pid!),
    });
    console.log(`minute ${minute}: ${JSON.stringify(rows.at(-1))}`);
  }
} finally {
  await site.stop();
}

console.table(rows);
const first = rows[0]!['RSS (MB)'];
const last = rows.at(-1)!['RSS (MB)'];
const change = ((last - first) / first) * 100;
console.log(
  `RSS after minute 1: ${first} MB, after minute ${rows.length}: ${last} MB (${change >= 0 ? '+' : ''}${change.toFixed(1)} %): ` +
    (Math.abs(change) <= 10 ? 'within 10 %, no sign of a leak.' : 'NOT within 10 %.'),
);
