import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sequentialRounds } from '../helpers/cms-proxy.ts';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import type { SiteWithCms } from '../helpers/site-with-cms.ts';
import { get } from '../helpers/site.ts';
import { TEMPLATE_PATHS } from '../helpers/template-paths.ts';

// What a page waits for when the CMS answers are not kept: a new process warms up before it says it is
// ready, and every template asks for all it shows in one round of CMS requests.

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

describe('with no CMS answer kept (after a change to everything)', () => {
  it.each(Object.values(TEMPLATE_PATHS))('%s asks for all it shows in one round of CMS requests', async (path) => {
    const { site, proxy } = withCms;
    await withCms.changeEverything();
    proxy.requests.length = 0;
    // Far longer than the site takes to send a round's requests, even on a busy machine: a request
    // counts as a later round only when it truly waited for an answer.
    proxy.latencyMs = 300;
    try {
      const response = await get(site.url + path);
      expect(response.status).toBe(200);
      await response.text();
    } finally {
      proxy.latencyMs = 0;
    }
    expect(proxy.requests.length).toBeGreaterThan(0);
    expect(sequentialRounds(proxy.requests)).toBe(1);
  });
});
