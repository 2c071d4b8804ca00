import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryId } from '../../sample-cms/content/store.ts';
import { revalidate as revalidateSite } from '../helpers/revalidate.ts';
import { startSiteWithCms } from '../helpers/site-with-cms.ts';
import { get, openSite, viewUntilCached } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// The CMS webhook, POST /api/revalidate, on one process with the embedded content service, whose edit
// route calls the webhook as a Statamic listener would. Whether a page was dropped shows in its next
// view: a page from the cache carries an ETag, a fresh render none.

const SECRET = 'revalidation-test-secret-7d1e';
const ADMIN_KEY = 'revalidation-test-admin-key';
const NL = { Cookie: 'i18n_redirected=nl' };
const EN = { Cookie: 'i18n_redirected=en' };
const ARTICLE = 'register-telt-ruim-14-000-ingeschreven-ontwerpers';

let site: Site;
let contentService: string;

beforeAll(async () => {
  site = await openSite({ REVALIDATE_SECRET: SECRET, CONTENT_ADMIN_KEY: ADMIN_KEY });
  const started = site.logs.map((line) => /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(line)).find(Boolean);
  contentService = started![1]!;
});
afterAll(async () => {
  await site.stop();
});

const revalidate = (body: string, authorization: string | null = `Bearer ${SECRET}`) =>
  revalidateSite(site.url, body, authorization);

/** Whether the page's next view comes from the cache. */
const fromCache = async (path: string, headers: Record<string, string> = NL) => {
  const response = await get(site.url + path, headers);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return response.headers.get('ETag') !== null;
};

/** Views each page until it is served from the cache. */
const warm = async (pages: Array<[string, Record<string, string>]>) => {
  for (const [path, headers] of pages) await viewUntilCached(site.url + path, headers);
};

const PAGES: Array<[string, Record<string, string>]> = [
  ['/', NL],
  ['/over-ons', NL],
  ['/actualiteiten', NL],
  [`/actualiteiten/${ARTICLE}`, NL],
  ['/en', EN],
  ['/en/about-us', EN],
];

const edit = (slug: string, body: string, key = ADMIN_KEY) =>
  fetch(`${contentService}/admin/collections/actualities/entries/${slug}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body,
  });

describe('POST /api/revalidate', () => {
  it('answers 401 to a wrong or missing secret, and drops nothing', async () => {
    await warm(PAGES);
    const change = JSON.stringify({ type: 'everything' });
    for (const authorization of [
      null,
      `Bearer ${SECRET}x`,
      `Bearer ${SECRET.slice(0, -1)}`,
      SECRET,
      `Basic ${SECRET}`,
      'Bearer ',
    ]) {
      const response = await revalidate(change, authorization);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: expect.stringContaining('Authorization') });
    }
    for (const [path, headers] of PAGES) expect(await fromCache(path, headers)).toBe(true);
  });

  it('answers 400 with the reason for a malformed change, 413 for a large body, and drops nothing', async () => {
    const malformed: Array<[string, string]> = [
      ['{"type":', 'JSON object'],
      ['', 'type'],
      ['[]', 'type'],
      ['{"type":"page"}', 'type must be one of'],
      ['{"type":"entry","collection":"actualities","site":"default"}', 'id'],
      ['{"type":"entry","collection":"actualities","id":"x","site":"fr"}', 'site'],
      ['{"type":"nav","handle":"../x","site":"en"}', 'handle'],
      ['{"type":"everything","also":"this"}', 'also'],
    ];
    for (const [body, reason] of malformed) {
      const response = await revalidate(body);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain(reason);
    }
    const large = await revalidate(JSON.stringify({ type: 'everything', padding: 'x'.repeat(10_000) }));
    expect(large.status).toBe(413);
    for (const [path, headers] of PAGES) expect(await fromCache(path, headers)).toBe(true);
  });

  it('drops what an entry reaches (its lists, its page, its translation) and keeps the rest', async () => {
    const saved = (await (
      await edit(ARTICLE, '{"title":"Register telt ruim 14.000 ingeschreven ontwerpers"}')
    ).json()) as { saved: { id: string } };
    await warm(PAGES);
    const response = await revalidate(
      JSON.stringify({ type: 'entry', collection: 'actualities', id: saved.saved.id, site: 'default', slug: ARTICLE }),
    );
    expect(response.status).toBe(202);
    const answer = (await response.json()) as { dropped: { responses: number; pages: number; shared: number } };
    expect(answer.dropped.responses).toBeGreaterThan(0);
    expect(answer.dropped.pages).toBeGreaterThanOrEqual(2);
    expect(answer.dropped.shared).toBe(0);
    expect(await fromCache('/actualiteiten')).toBe(false);
    expect(await fromCache(`/actualiteiten/${ARTICLE}`)).toBe(false);
    expect(await fromCache('/over-ons')).toBe(true);
    expect(await fromCache('/en/about-us', EN)).toBe(true);
  });

  it('drops every page of a site when its nav or globals change, and none of the other site', async () => {
    await warm(PAGES);
    expect((await revalidate(JSON.stringify({ type: 'nav', handle: 'footer', site: 'en' }))).status).toBe(202);
    expect(await fromCache('/en', EN)).toBe(false);
    expect(await fromCache('/en/about-us', EN)).toBe(false);
    expect(await fromCache('/over-ons')).toBe(true);
    expect(await fromCache('/')).toBe(true);

    await warm(PAGES);
    expect((await revalidate(JSON.stringify({ type: 'global', handle: 'settings', site: 'default' }))).status).toBe(
      202,
    );
    for (const path of ['/', '/over-ons', '/actualiteiten']) expect(await fromCache(path)).toBe(false);
    expect(await fromCache('/en/about-us', EN)).toBe(true);
  });

  it('drops the pages of a collection in a site when its tree changes, and the pages holding a changed asset', async () => {
    const events: Array<[string, Record<string, string>]> = [['/en/events', EN]];
    await warm([...PAGES, ...events]);
    expect(
      (await revalidate(JSON.stringify({ type: 'collection-tree', collection: 'events', site: 'en' }))).status,
    ).toBe(202);
    expect(await fromCache('/en/events', EN)).toBe(false);
    expect(await fromCache('/over-ons')).toBe(true);
    expect(await fromCache('/actualiteiten')).toBe(true);

    await warm(PAGES);
    // The image of one news item: in the news list (and so on the pages showing it), nowhere else.
    const image = {
      type: 'asset',
      container: 'assets',
      path: 'images/actualiteiten/beroepservaringsperiode-nieuwe-mentoren-gezocht.jpg',
    };
    expect((await revalidate(JSON.stringify(image))).status).toBe(202);
    expect(await fromCache('/actualiteiten')).toBe(false);
    expect(await fromCache('/over-ons')).toBe(true);
    expect(await fromCache('/en/about-us', EN)).toBe(true);
  });

  it('names the keys a CDN purges, which the public pages carry', async () => {
    await warm(PAGES);
    const cached = await get(`${site.url}/over-ons`, NL);
    expect(cached.headers.get('etag')).not.toBeNull();
    const keys = cached.headers.get('surrogate-key')!.split(' ');
    expect(keys).toEqual(
      expect.arrayContaining(['all', 'entries:pages:default', 'globals:default', 'nav:megamenu:default']),
    );
    expect(keys).not.toContain('partial');
    expect(keys.some((key) => key.includes('http') || key.startsWith('id:'))).toBe(false);
    expect(cached.headers.get('cache-tag')).toBe(keys.join(','));

    const change = {
      type: 'entry',
      collection: 'pages',
      id: entryId('over-ons', 'default'),
      site: 'default',
      slug: 'over-ons',
    };
    const { purge } = (await (await revalidate(JSON.stringify(change))).json()) as { purge: string[] };
    expect(purge).toEqual(expect.arrayContaining(['entries:pages:default', 'partial']));
    // Rendered for the request (its streamed parts not yet read): purged by every change until kept.
    const fresh = await get(`${site.url}/over-ons`, NL);
    expect(fresh.headers.get('etag')).toBeNull();
    expect(fresh.headers.get('surrogate-key')!.split(' ')).toEqual(expect.arrayContaining(['all', 'partial']));
    // Pages for one visitor carry none.
    expect((await get(`${site.url}/zoeken?q=klacht`, NL)).headers.get('surrogate-key')).toBeNull();
  });

  it('drops everything when told so', async () => {
    await warm(PAGES);
    const response = await revalidate(JSON.stringify({ type: 'everything' }));
    expect(response.status).toBe(202);
    expect(((await response.json()) as { dropped: { pages: number } }).dropped.pages).toBeGreaterThanOrEqual(
      PAGES.length,
    );
    for (const [path, headers] of PAGES) expect(await fromCache(path, headers)).toBe(false);
  });
});

describe('an edit in the embedded content service', () => {
  it('is on the site at the next view, announced through the webhook', async () => {
    await warm(PAGES);
    const response = await edit(ARTICLE, '{"title":"Register telt nu 15.000 ontwerpers"}');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      saved: { type: 'entry', collection: 'actualities', site: 'default' },
      webhook: { status: 202 },
    });
    const page = await (await get(`${site.url}/actualiteiten/${ARTICLE}`, NL)).text();
    expect(page).toContain('<h1 class="entry__title">Register telt nu 15.000 ontwerpers</h1>');
    expect(await (await get(`${site.url}/actualiteiten`, NL)).text()).toContain('Register telt nu 15.000 ontwerpers');
  });

  it('refuses a wrong key, an unknown entry or field, and a body that is not text fields', async () => {
    expect((await edit(ARTICLE, '{"title":"x"}', 'wrong-admin-key')).status).toBe(401);
    expect((await edit('no-such-article', '{"title":"x"}')).status).toBe(404);
    expect((await edit(ARTICLE, '{"colour":"red"}')).status).toBe(422);
    for (const body of ['{"title":', '{"title":3}', '{}', '"title"'])
      expect((await edit(ARTICLE, body)).status, body).toBe(400);
  });
});

describe('an entry published after the lists were loaded', () => {
  it('is found at the next view after the webhook, where its path was a 404', async () => {
    // The sample CMS publishes a news item dated ahead at its date and announces it, as Statamic's
    // scheduler does; its clock is set, and it looks every 20 ms.
    let now = new Date();
    const withCms = await startSiteWithCms({ REVALIDATE_SECRET: SECRET }, openSite, {
      now: () => now,
      scheduleCheckMs: 20,
    });
    try {
      const { site: scheduled, content } = withCms;
      content.useWebhook({ url: `${scheduled.url}/api/revalidate`, secret: SECRET });
      const slug = 'ingepland-jaarbericht-van-het-register';
      const path = `/actualiteiten/${slug}`;
      // Twice: the second 404 comes from the lists held, which do not hold it.
      for (let view = 0; view < 2; view += 1) expect((await get(scheduled.url + path, NL)).status).toBe(404);
      now = new Date('2099-01-05T12:00:00Z');
      await expect
        .poll(() => scheduled.logs.some((line) => line.includes('"msg":"content changed"') && line.includes(slug)))
        .toBe(true);
      const page = await get(scheduled.url + path, NL);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Ingepland: jaarbericht van het register');
    } finally {
      await withCms.stop();
    }
  });
});

describe('without REVALIDATE_SECRET', () => {
  it('has no webhook route', async () => {
    const plain = await openSite();
    try {
      const response = await fetch(`${plain.url}/api/revalidate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${SECRET}` },
        body: '{"type":"everything"}',
      });
      expect(response.status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});
