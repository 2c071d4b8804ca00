import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { WHOLE_PAGES, get, openSite, viewUntilCached } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// What a kept page carries: it is rendered from the query its cache key keeps, so nothing a visitor
// brought (campaign and click ids, filter values the page has no filter for or does not know) reaches the
// page every later visitor gets, and junk values cannot grow the page cache.

const TRACKING = ['utm_source=nieuwsbrief', 'utm_campaign=voorjaar', 'fbclid=IwAR0abc', 'msclkid=9f8e', 'mc_cid=77'];
/** The page cache's bound in this test: a few dozen pages, so that junk kept would push real pages out. */
const PAGE_CACHE_MB = '6';

let site: Site;
let metricsUrl: string;
let buildId: string;

beforeAll(async () => {
  const metricsPort = await freePort();
  site = await openSite({ ...WHOLE_PAGES, PAGE_CACHE_MB, METRICS_PORT: String(metricsPort) });
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  buildId = ((await (await get(`${site.url}/_build/latest.json`)).json()) as { id: string }).id;
});
afterAll(async () => {
  await site.stop();
});

const view = async (path: string) => {
  const response = await get(site.url + path);
  return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
};
const metric = async (name: string): Promise<number> => {
  const line = (await (await fetch(metricsUrl)).text()).split('\n').find((candidate) => candidate.startsWith(name));
  return Number(line?.split(' ').at(-1) ?? Number.NaN);
};
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href!.replaceAll('&amp;', '&'));
const carriesTracking = (text: string) => /utm_|fbclid|gclid|msclkid|mc_cid|IwAR0abc|nieuwsbrief/.test(text);

describe('a page kept after a visit with campaign and click ids', () => {
  it('carries none of them, in its links or its payload, for that visitor or the next', async () => {
    const tracked = `/actualiteiten?${TRACKING.join('&')}&pagina=3`;
    const first = await view(tracked);
    expect(first.status).toBe(200);
    expect(carriesTracking(first.body)).toBe(false);
    // The next visitor, without them, gets the kept copy: the links the first one's render made.
    const { response, body } = await viewUntilCached(`${site.url}/actualiteiten?pagina=3`);
    expect(response.headers.get('etag')).not.toBeNull();
    expect(carriesTracking(body)).toBe(false);
    const pagination = hrefs(/<nav class="pagination".*?<\/nav>/s.exec(body)?.[0] ?? '');
    expect(pagination).toContain('/actualiteiten?pagina=2');
    expect(pagination).toContain('/actualiteiten');
    // The payload too, asked for with them.
    const payload = await view(`/actualiteiten?_rsc=${buildId}&pagina=3&${TRACKING.join('&')}`);
    expect(payload.status).toBe(200);
    expect(carriesTracking(payload.body)).toBe(false);
    expect(payload.body).toContain('/actualiteiten?pagina=2');
  });

  it('passes them on where a redirect leads, for analytics to read there', async () => {
    const response = await get(`${site.url}/actualiteiten?pagina=1&utm_source=nieuwsbrief&fbclid=IwAR0abc`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/actualiteiten?utm_source=nieuwsbrief&fbclid=IwAR0abc');
  });

  it('keeps the campaign ids out of a filtered list, whose links keep its filter', async () => {
    const first = await view(`/cursussen?${TRACKING.join('&')}&type=masterclass`);
    expect(first.status).toBe(200);
    expect(carriesTracking(first.body)).toBe(false);
    const { body } = await viewUntilCached(`${site.url}/cursussen?type=masterclass`);
    expect(carriesTracking(body)).toBe(false);
    expect(body).toMatch(/<input type="checkbox" name="type" checked="" value="masterclass"\/>/);
  });
});

describe('filter values', () => {
  it('are read as the list reads them: one kept page for the URLs it reads alike', async () => {
    const kept = await viewUntilCached(`${site.url}/cursussen?type=masterclass`);
    const etag = kept.response.headers.get('etag');
    // An empty search (the form sends one), the term twice, one it does not know: the same page, kept.
    for (const path of [
      '/cursussen?search=&type=masterclass',
      '/cursussen?type=masterclass&type=masterclass',
      '/cursussen?search=%20%20&type=masterclass&type=geen-bestaand-type',
    ])
      expect((await view(path)).etag, path).toBe(etag);
  });

  it('count only on a page with that filter: elsewhere they lead to the page without them', async () => {
    for (const [path, bare] of [
      ['/over-ons?search=iets&type=masterclass&discipline=architectuur', '/over-ons'],
      ['/agenda?discipline=architectuur', '/agenda'],
      ['/vind-een-architect?search=vos&discipline=x', '/vind-een-architect'],
      ['/en/about-us?type=masterclass', '/en/about-us'],
    ] as const) {
      const { response } = await viewUntilCached(site.url + bare);
      const answer = await view(path);
      expect(answer.status, path).toBe(200);
      expect(answer.etag, path).toBe(response.headers.get('etag'));
    }
  });

  it('leave a list narrowed by typed text to its visitor: any text is a page of its own, never kept', async () => {
    for (let views = 0; views < 3; views += 1) {
      const response = await get(`${site.url}/actualiteiten?search=register`);
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      await response.text();
    }
  });
});

describe('10,000 random filter values', () => {
  const REAL = ['/over-ons', '/actualiteiten', '/cursussen', '/agenda', '/en/about-us', '/cursussen?type=masterclass'];
  const random = () => randomBytes(6).toString('hex');
  /** A URL of a real page with random filter values, in every form a junk request may take. */
  const junk = (index: number): string => {
    const value = random();
    switch (index % 6) {
      case 0:
        return `/over-ons?search=${value}`;
      case 1:
        return `/actualiteiten?type=${value}`;
      case 2:
        return `/cursussen?discipline=${value}&type=masterclass`;
      case 3:
        return `/agenda?type=${value}&discipline=${value}`;
      case 4:
        return `/en/about-us?search=${value}&type=${value}`;
      default:
        return `/cursussen?type=${value}&search=%20`;
    }
  };

  it('leave the real pages kept and the number of kept pages where it was', async () => {
    const etags = new Map<string, string>();
    for (const path of REAL) etags.set(path, (await viewUntilCached(site.url + path)).response.headers.get('etag')!);
    const keptBefore = await metric('page_cache_entries');
    const evictionsBefore = await metric('page_cache_evictions_total');

    const answers: string[] = [];
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < 10_000; index = next++) {
        const response = await get(site.url + junk(index));
        await response.arrayBuffer();
        if (response.status !== 200 || !response.headers.get('etag')) answers.push(`${response.status} ${junk(index)}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    // Every junk request was answered with a kept page.
    expect(answers).toEqual([]);

    expect(await metric('page_cache_entries')).toBe(keptBefore);
    expect(await metric('page_cache_evictions_total')).toBe(evictionsBefore);
    for (const path of REAL) {
      const again = await view(path);
      expect(again.etag, path).toBe(etags.get(path));
    }
  }, 600_000);
});
