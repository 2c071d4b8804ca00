import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result, RunnerResult } from 'lighthouse';
import { chromiumPath } from '../tests/helpers/chromium.ts';
import { blockingTimeByWork } from './bench/blocking-time.ts';
import { startRelay } from './bench/relay.ts';
import { ROOT, startSite } from '../tests/helpers/site.ts';

// `npm run lighthouse`: Lighthouse's mobile preset (simulated slow 4G and a 4× slower CPU) over the
// production build (run `npm run build` first) in the system Chromium, each page several times; prints
// the median per page, the range of its Total Blocking Time over the runs (on a shared machine the
// median of five can move by a factor of two between runs of the same build) and the machine's
// benchmarkIndex. A benchmark, not a test: compare pages and runs on one machine. Settings:
// LIGHTHOUSE_RUNS (default 5), LIGHTHOUSE_PAGES (comma-separated names), LIGHTHOUSE_PATHS
// (comma-separated paths instead of the pages below, for other content), LIGHTHOUSE_URL (the servers to
// measure instead of starting this site, comma-separated: their runs take turns, so that the machine's
// noise falls on each alike), CHROMIUM_PATH. Each run's full report is kept in lighthouse-results/
// (ignored by git).
//
// LIGHTHOUSE_WITHOUT_SCRIPTS=1 measures each page twice over, in turns: through a relay that passes it
// on as it is, and through one that hands out the same document without its scripts (and without the
// inlined payload they hydrate from). The difference is what the page's JavaScript costs; the rest is
// what its document, stylesheet and images cost the browser.
//
// Every run also measures a floor: a bare document (a heading and a paragraph, no stylesheet, no
// script) from a plain node:http server. What the browser and the machine cost any page shows there,
// and the pages' figures are read against it: in the full browser's headless mode an empty page here
// scores 95 with 170 to 250 ms of Total Blocking Time (one task of the browser's own, about 85 ms,
// which Lighthouse counts four times over); in the headless shell, 100 and under 10 ms. The headless
// shell (Debian's chromium-headless-shell, Chromium's engine without the desktop browser) is used when
// it is installed, the full browser otherwise.
//
// After the table, each page's blocking time is split by the work that caused it, as Lighthouse's own
// simulation counts it (scripts/bench/blocking-time.ts): the first layout and paint, a script, parsing.

const PAGES: Record<string, string> = {
  'home-nl': '/',
  'home-en': '/en',
  'three-levels-nl': '/inschrijven/buitenlandse-architecten/erkenning-beroepskwalificaties',
  'three-levels-en': '/en/registration/foreign-architects/recognition-of-professional-qualifications',
  'list-nl': '/actualiteiten',
  'list-en': '/en/news',
  'news-item-nl': '/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers',
  'news-item-en': '/en/news/register-now-lists-more-than-14-000-designers',
  'site-search-nl': '/zoeken?q=register',
  'site-search-en': '/en/search?q=registration',
  'architect-search-nl': '/vind-een-architect?searchTerm=de',
  'architect-search-en': '/en/find-an-architect?searchTerm=de',
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Figures {
  performance: number;
  tbt: number;
  lcp: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  benchmarkIndex: number;
}

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const only = list(process.env.LIGHTHOUSE_PAGES);
const paths = list(process.env.LIGHTHOUSE_PATHS);
const pages = paths
  ? paths.map((pagePath) => [pagePath, pagePath] as const)
  : Object.entries(PAGES).filter(([name]) => !only || only.includes(name));
const outputDir = path.join(ROOT, 'lighthouse-results');
const chromium = chromiumPath();

const FLOOR_DOCUMENT =
  '<!DOCTYPE html><html lang="nl"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>' +
  '<meta name="description" content="A bare document: what any page costs in this browser on this machine.">' +
  '</head><body><main><h1>Architectenregister</h1><p>Een kale pagina, zonder stijl en zonder script.</p></main></body></html>';

/** A plain node:http server that answers every path with the bare document. */
const startFloor = async () => {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(FLOOR_DOCUMENT);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => server.close() };
};

const score = (lhr: Result, category: (typeof CATEGORIES)[number]) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

const figures = (lhr: Result): Figures => ({
  performance: score(lhr, 'performance'),
  tbt: Math.round(numeric(lhr, 'total-blocking-time')),
  lcp: Math.round(numeric(lhr, 'largest-contentful-paint')),
  cls: Number(numeric(lhr, 'cumulative-layout-shift').toFixed(3)),
  accessibility: score(lhr, 'accessibility'),
  bestPractices: score(lhr, 'best-practices'),
  seo: score(lhr, 'seo'),
  benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
});

/** The median of each figure on its own (runs differ in which one is slow). */
const median = (all: Figures[]): Figures => {
  const middle = (values: number[]) => {
    const sorted = values.toSorted((a, b) => a - b);
    const half = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
  };
  return Object.fromEntries(
    Object.keys(all[0]!).map((key) => [key, middle(all.map((run) => run[key as keyof Figures]))]),
  ) as unknown as Figures;
};

/** The images a page names, every candidate of every `srcset` (the one a phone picks among them). */
const imageUrls = (html: string, pageUrl: string): string[] => {
  const urls = new Set<string>();
  for (const [, name, value] of html.matchAll(/\s(src|srcset|imagesrcset)="([^"]+)"/gi)) {
    const decoded = value!.replaceAll('&amp;', '&');
    const candidates =
      name!.toLowerCase() === 'src' ? [decoded] : decoded.split(/,\s+/).map((part) => part.split(/\s+/)[0]!);
    for (const candidate of candidates) urls.add(new URL(candidate, pageUrl).href);
  }
  return [...urls].filter((url) => !/\.js(\?|$)/.test(url));
};

/** Fetches a page and the images it names, as an unmeasured visit would leave them cached. */
const view = async (url: string): Promise<void> => {
  const html = await fetch(url).then((response) => response.text());
  for (const image of imageUrls(html, url)) await fetch(image).then((response) => response.arrayBuffer());
};

/** Lighthouse's own list of failed audits in a category, for the pages that fall short. */
const failedAudits = (lhr: Result, category: (typeof CATEGORIES)[number]) =>
  (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);

/**
 * One Lighthouse run, its report kept in `file`. A run whose trace Chromium fails to record (it says
 * so in `runtimeError`, now and then on a busy machine) is run again, at most twice.
 */
const measure = async (url: string, file: string, attempt = 1): Promise<RunnerResult> => {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  await writeFile(file, result.report as string);
  if (!result.lhr.runtimeError) return result;
  if (attempt === 3) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  console.log(`  ${url}: ${result.lhr.runtimeError.code}, measuring again`);
  return measure(url, file, attempt + 1);
};

await mkdir(outputDir, { recursive: true });
const others = list(process.env.LIGHTHOUSE_URL);
const site = others ? null : await startSite();
/**
 * The servers whose runs take turns, each with its name in the table and in the reports' file names:
 * the site (or the LIGHTHOUSE_URL servers), or the two relays in front of it.
 */
const servers = process.env.LIGHTHOUSE_WITHOUT_SCRIPTS
  ? await Promise.all(
      ['with scripts', 'without scripts'].map(async (label, index) => ({
        ...(await startRelay(others?.[0] ?? site!.url, { withoutScripts: index === 1 })),
        label,
        tag: `-${label.replace(' ', '-')}`,
      })),
    )
  : (others ?? [site!.url]).map((url, _index, all) => ({
      url,
      label: all.length > 1 ? new URL(url).host : '',
      tag: all.length > 1 ? `-${new URL(url).port}` : '',
      stop: async () => {},
    }));
/** A page's name in its reports' file names (`/` is `home`). */
const fileName = (name: string) => name.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
const floor = await startFloor();
const chrome = await chromeLauncher.launch({
  chromePath: chromium,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

/** A page's medians and the spread of its Total Blocking Time over the runs (the noisiest figure). */
interface Row extends Figures {
  tbtRange: string;
}
const row = (all: Figures[]): Row => {
  const tbts = all.map((run) => run.tbt);
  return { ...median(all), tbtRange: `${Math.min(...tbts)}–${Math.max(...tbts)}` };
};

const rows: Record<string, Row> = {};
/** Per page, the mean over its runs of the blocking time each kind of work contributes, largest first. */
const blockingRows: Record<string, string> = {};
const meanByWork = (runsByWork: Map<string, number>[]): string => {
  const sums = new Map<string, number>();
  for (const byWork of runsByWork) for (const [work, ms] of byWork) sums.set(work, (sums.get(work) ?? 0) + ms);
  const means = [...sums].map(([work, ms]) => [work, Math.round(ms / runsByWork.length)] as const);
  return (
    means
      .filter(([, ms]) => ms > 0)
      .toSorted((a, b) => b[1] - a[1])
      .map(([work, ms]) => `${work} ${ms}`)
      .join(' · ') || 'none'
  );
};
try {
  const floorRuns: Figures[] = [];
  for (let run = 1; run <= runs; run += 1)
    floorRuns.push(figures((await measure(floor.url, path.join(outputDir, `floor-${run}.json`))).lhr));
  rows['floor: a bare document'] = row(floorRuns);
  console.log(`floor: ${JSON.stringify(rows['floor: a bare document'])}`);

  for (const [name, pagePath] of pages) {
    // One unmeasured view first: the page cache, the CMS response cache and the CMS's resized images are
    // what visitors meet (a first request for an image size encodes it, on the machine being measured).
    for (const server of servers) await view(server.url + pagePath);
    // Per server, each run's figures and its blocking time by work.
    const measured = new Map(
      servers.map((server) => [server, { figures: [] as Figures[], byWork: [] as Map<string, number>[] }]),
    );
    for (let run = 1; run <= runs; run += 1) {
      for (const server of servers) {
        const result = await measure(
          server.url + pagePath,
          path.join(outputDir, `${fileName(name)}${server.tag}-${run}.json`),
        );
        const { lhr } = result;
        measured.get(server)!.figures.push(figures(lhr));
        // The split is an explanation, not a figure: a run whose split fails still counts.
        const byWork = await blockingTimeByWork(result).catch((error: unknown) => {
          console.log(`  ${name}${server.tag}: no split of its blocking time (${String(error)})`);
          return new Map<string, number>();
        });
        measured.get(server)!.byWork.push(byWork);
        if (run === runs) {
          const short = CATEGORIES.flatMap((category) => failedAudits(lhr, category));
          if (short.length > 0) console.log(`  ${name}${server.tag}: below full marks in ${short.join(', ')}`);
        }
      }
    }
    for (const server of servers) {
      const label = `${name === pagePath ? pagePath : `${name} ${pagePath}`}${server.label ? ` @ ${server.label}` : ''}`;
      rows[label] = row(measured.get(server)!.figures);
      blockingRows[label] = meanByWork(measured.get(server)!.byWork);
      console.log(`${label}: ${JSON.stringify(rows[label])}; blocking: ${blockingRows[label]}`);
    }
  }
} finally {
  chrome.kill();
  floor.stop();
  await Promise.all(servers.map((server) => server.stop()));
  await site?.stop();
}

console.log(
  `\nMedian of ${runs} runs, Lighthouse mobile preset, ${chromium}, ${servers.map((server) => server.url).join(' and ')}${site ? ' (this build)' : ''}:`,
);
console.table(
  Object.fromEntries(
    Object.entries(rows).map(([label, medians]) => [
      label,
      {
        perf: medians.performance,
        'TBT ms': medians.tbt,
        'TBT range': medians.tbtRange,
        'LCP ms': medians.lcp,
        CLS: medians.cls,
        a11y: medians.accessibility,
        'best pr.': medians.bestPractices,
        SEO: medians.seo,
        benchmarkIndex: medians.benchmarkIndex,
      },
    ]),
  ),
);
console.log(
  "\nBlocking time by the work that caused it, mean of the runs in ms (Lighthouse's pessimistic estimate, " +
    'which the figure above averages with an optimistic one):',
);
for (const [label, work] of Object.entries(blockingRows)) console.log(`  ${label}: ${work}`);
