import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sequentialRounds } from '../helpers/cms-proxy.ts';
import type { ProxiedRequest } from '../helpers/cms-proxy.ts';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import type { SiteWithCms } from '../helpers/site-with-cms.ts';
import { get } from '../helpers/site.ts';
import { TEMPLATE_PATHS } from '../helpers/template-paths.ts';

// What a page waits for, and what it costs the CMS, when the CMS answers are not kept: a new process warms
// up before it says it is ready; then a page nobody asked for yet costs at most its item (the lists, which
// every page reads, say which collection holds it), a path no list holds costs nothing, and with nothing
// kept every template asks for all it shows in one round, and for its item after the lists.

let withCms: SiteWithCms;
/** The latest news item: the first of its list, which the warm-up renders. */
const WARMED_NEWS_ITEM = '/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers';

beforeAll(async () => {
  // The warm-up runs to its end however busy the machine is (about 0.6 s alone, several times that beside
  // the rest of the suite): the first test reads what it did.
  withCms = await startSiteWithCms({ WARM_UP_LIMIT_MS: '60000' });
});
afterAll(async () => {
  await withCms?.stop();
});

describe('a new process', () => {
  it('warms up before it says it is ready: a page of each template is rendered once, and what they read is kept', async () => {
    const { site, proxy } = withCms;
    const warmedUp = site.logs.find((line) =>
      line.includes('"msg":"warmed up: a page of each template rendered once"'),
    );
    // The home pages, the first entry of each collection and the site search, in the default language.
    expect(JSON.parse(warmedUp ?? '{}').pages).toEqual([
      '/',
      '/en',
      WARMED_NEWS_ITEM,
      '/agenda/informatiebijeenkomst-inschrijven-met-een-buitenlands-diploma',
      '/cursussen/aanbesteden-en-contractvormen',
      '/over-ons/werken-bij/beleidsmedewerker-registratie',
      '/publicaties/tarievenoverzicht-2027',
      '/zoeken?q=register',
    ]);
    // Then the request path once, through the server itself: its own 404 page, as a browser asks for it.
    const askedItself = site.logs.findIndex((line) =>
      line.includes('"req":{"id":"warm-up","method":"GET","url":"/404"'),
    );
    expect(askedItself).toBeGreaterThan(-1);
    expect(site.logs[askedItself]).toContain('"res":{"statusCode":404}');
    expect(askedItself).toBeLessThan(site.logs.findIndex((line) => line.includes('"msg":"listening on')));
    expect(await (await get(`${site.url}/readyz`)).json()).toEqual({ status: 'ready' });
    // Not kept as pages: the first view of a warmed page is rendered for its visitor.
    expect((await get(`${site.url}/en`)).headers.get('etag')).toBeNull();
    proxy.down = true;
    try {
      // A page of the page list, a list page and a warmed entry need nothing more from the CMS; another
      // entry, found by its slug, does (so the CMS being down is seen).
      const page = await get(`${site.url}/over-ons`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<h1');
      expect((await get(`${site.url}/en/news`)).status).toBe(200);
      const warmed = await get(site.url + WARMED_NEWS_ITEM);
      expect(warmed.status).toBe(200);
      expect(warmed.headers.get('etag')).toBeNull();
      expect((await get(`${site.url}/actualiteiten/nieuwe-tarieven-voor-inschrijving-in-2027`)).status).toBe(500);
    } finally {
      proxy.down = false;
    }
  });
});

/** The one call an entry's own page may make: its item, asked by slug of the collection whose list holds it. */
const isItem = (request: ProxiedRequest) => new URL(request.url, 'http://cms').searchParams.has('filter[slug]');

/** The page at `path`, answering `status`, with the CMS answering after 300 ms; the CMS calls it made. */
const viewSlowly = async (path: string, status = 200) => {
  const { site, proxy } = withCms;
  proxy.requests.length = 0;
  // Far longer than the site takes to send a round's requests, even on a busy machine: a request
  // counts as a later round only when it truly waited for an answer.
  proxy.latencyMs = 300;
  try {
    const response = await get(site.url + path);
    expect(response.status, path).toBe(status);
    await response.text();
  } finally {
    proxy.latencyMs = 0;
  }
  return [...proxy.requests];
};

describe('a page nobody asked for yet, the lists held', () => {
  it.each(Object.values(TEMPLATE_PATHS))('%s asks the CMS for its item at most, in one round', async (path) => {
    const calls = await viewSlowly(path);
    expect(calls.filter((call) => !isItem(call))).toEqual([]);
    expect(calls.length).toBeLessThanOrEqual(1);
  });

  it('answers 404 to paths no list holds without asking the CMS', async () => {
    const { site, proxy } = withCms;
    proxy.requests.length = 0;
    const junk = Array.from({ length: 25 }, (_, index) => {
      const segments = Array.from({ length: (index % 3) + 1 }, (__, at) => `onzin-${index}-${at}`).join('/');
      return index % 2 ? `/en/${segments}` : `/${segments}`;
    });
    for (const path of junk) {
      const response = await get(site.url + path);
      expect(response.status, path).toBe(404);
      await response.text();
    }
    expect(proxy.requests).toEqual([]);
  });
});

describe('with no CMS answer kept (after a change to everything)', () => {
  it.each(Object.values(TEMPLATE_PATHS))(
    '%s asks for all it shows in one round, then for its item at most',
    async (path) => {
      await withCms.changeEverything();
      const calls = await viewSlowly(path);
      expect(calls.length).toBeGreaterThan(0);
      // The lists, which say where the entry is, come in the first round with the app-start data.
      expect(sequentialRounds(calls.filter((call) => !isItem(call)))).toBe(1);
      expect(calls.filter(isItem).length).toBeLessThanOrEqual(1);
      expect(sequentialRounds(calls)).toBeLessThanOrEqual(2);
    },
  );

  it('answers 404 to a path no list holds once it has the lists again', async () => {
    await withCms.changeEverything();
    expect((await viewSlowly('/onzin/nergens', 404)).filter(isItem)).toEqual([]);
    expect(await viewSlowly('/onzin/nergens/ook-niet', 404)).toEqual([]);
  });
});
