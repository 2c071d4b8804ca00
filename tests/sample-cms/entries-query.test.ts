import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryId } from '../../sample-cms/content/store.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { client, PREVIEW_TOKEN, start } from './helpers.ts';
import type { Envelope, Item } from './helpers.ts';

let service: ContentService;
const { json, all } = client(() => service);

beforeAll(async () => {
  // A fixed clock: date privacy (scheduled news) must not depend on when the tests run.
  service = await start({ now: () => new Date('2026-11-22T12:00:00Z') });
});

afterAll(async () => {
  await service?.close();
});

const entries = (collection: string, query: string) => json<Envelope>(`/collections/${collection}/entries?${query}`);

describe('the paginated envelope', () => {
  it('has data, links and meta with the keys in Statamic order', async () => {
    const envelope = await entries('actualities', 'filter[site]=default&limit=10&page=2');
    expect(Object.keys(envelope)).toEqual(['data', 'links', 'meta']);
    expect(Object.keys(envelope.links)).toEqual(['first', 'last', 'prev', 'next']);
    expect(Object.keys(envelope.meta)).toEqual([
      'current_page',
      'from',
      'last_page',
      'links',
      'path',
      'per_page',
      'to',
      'total',
    ]);
    const { meta, links } = envelope;
    expect(meta).toMatchObject({ current_page: 2, from: 11, to: 20, per_page: 10, total: 42, last_page: 5 });
    expect(meta.path).toBe(`${service.apiUrl}/collections/actualities/entries`);
    expect(envelope.data).toHaveLength(10);
    expect(links.first).toBe(
      `${service.apiUrl}/collections/actualities/entries?filter%5Bsite%5D=default&limit=10&page=1`,
    );
    expect(links.prev).toBe(
      `${service.apiUrl}/collections/actualities/entries?filter%5Bsite%5D=default&limit=10&page=1`,
    );
    expect(links.next).toBe(
      `${service.apiUrl}/collections/actualities/entries?filter%5Bsite%5D=default&limit=10&page=3`,
    );
    expect(links.last).toBe(
      `${service.apiUrl}/collections/actualities/entries?filter%5Bsite%5D=default&limit=10&page=5`,
    );
    expect(meta.links.map((link) => link.label)).toEqual(['&laquo; Previous', '1', '2', '3', '4', '5', 'Next &raquo;']);
    expect(meta.links.filter((link) => link.active).map((link) => link.label)).toEqual(['2']);
  });

  it('appends page last when the request had none, and does not carry fields', async () => {
    const envelope = await entries('actualities', 'sort=-date&fields=title&filter[site]=en&limit=40');
    expect(envelope.links.next).toBe(
      `${service.apiUrl}/collections/actualities/entries?filter%5Bsite%5D=en&limit=40&sort=-date&page=2`,
    );
    expect(envelope.links.prev).toBeNull();
  });

  it('walks every page until meta.last_page, and answers past the end with no data', async () => {
    const first = await entries('actualities', 'filter[site]=default&limit=15');
    expect(first.meta.last_page).toBe(3);
    const pages = await Promise.all(
      [1, 2, 3].map((page) => entries('actualities', `filter[site]=default&limit=15&page=${page}`)),
    );
    const ids = pages.flatMap((page) => page.data.map((item) => item.id));
    expect(new Set(ids).size).toBe(42);
    expect(pages[2]?.links.next).toBeNull();
    const past = await entries('actualities', 'filter[site]=default&limit=15&page=9');
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ current_page: 9, from: null, to: null, last_page: 3 });
  });

  it('caps a list without limit at 50, and falls back to 15 for limit=0', async () => {
    const capped = await entries('actualities', 'fields=id');
    expect(capped.meta.per_page).toBe(50);
    expect(capped.data).toHaveLength(50);
    expect(capped.meta.total).toBe(84);
    expect(capped.meta.last_page).toBe(2);
    const fallback = await entries('actualities', 'fields=id&limit=0');
    expect(fallback.meta.per_page).toBe(15);
  });

  it('treats an invalid page as page 1', async () => {
    expect((await entries('events', 'page=abc&limit=5')).meta.current_page).toBe(1);
    expect((await entries('events', 'page=-3&limit=5')).meta.current_page).toBe(1);
  });

  it('collapses the page links of long lists with ... separators', async () => {
    const envelope = await entries('actualities', 'limit=2&page=20');
    expect(envelope.meta.last_page).toBe(42);
    const labels = envelope.meta.links.map((link) => link.label);
    expect(labels).toEqual([
      '&laquo; Previous',
      '1',
      '2',
      '...',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '23',
      '...',
      '41',
      '42',
      'Next &raquo;',
    ]);
    expect(envelope.meta.links.find((link) => link.label === '...')?.url).toBeNull();
  });
});

describe('fields', () => {
  it('returns only the requested keys, in request order, with null for unknown keys', async () => {
    const { data } = await entries(
      'pages',
      'filter[site]=en&filter[slug]=about-us&fields=url,title,nope,slug,og_image',
    );
    expect(data).toHaveLength(1);
    const [page] = data;
    expect(Object.keys(page ?? {})).toEqual(['url', 'title', 'nope', 'slug', 'og_image']);
    expect(page).toMatchObject({
      url: '/en/about-us',
      title: 'About us',
      nope: null,
      slug: 'about-us',
      og_image: null,
    });
  });

  it('returns the full resource with sorted keys without fields', async () => {
    const { data } = await entries('employees', 'filter[site]=en&limit=100');
    const [employee] = data;
    const keys = Object.keys(employee ?? {});
    expect(keys).toEqual([...keys].sort());
    expect(employee).toMatchObject({
      locale: 'en',
      is_entry: true,
      collection: { title: 'Employees', handle: 'employees' },
    });
    for (const key of [
      'id',
      'origin_id',
      'slug',
      'uri',
      'url',
      'permalink',
      'api_url',
      'status',
      'published',
      'name',
      'function',
      'photo',
      'email',
    ]) {
      expect(keys).toContain(key);
    }
    expect(Object.keys(employee?.photo as object)).toEqual(['id', 'url', 'permalink', 'api_url', 'alt']);
  });
});

describe('filters', () => {
  it('filters by site', async () => {
    const nl = await all('/collections/pages/entries?filter[site]=default&fields=locale');
    const en = await all('/collections/pages/entries?filter[site]=en&fields=locale');
    expect(nl.length).toBeGreaterThan(20);
    expect(nl.every((page) => page.locale === 'default')).toBe(true);
    expect(en.every((page) => page.locale === 'en')).toBe(true);
    const both = await entries('pages', 'limit=1');
    expect(both.meta.total).toBe(nl.length + en.length);
  });

  it('also constrains to ?site= (newer Statamic), unlike filter[site] it needs no allow-listing', async () => {
    const { meta } = await entries('pages', 'site=en&limit=1');
    const { meta: filtered } = await entries('pages', 'filter[site]=en&limit=1');
    expect(meta.total).toBe(filtered.total);
  });

  it('matches slugs case-insensitively', async () => {
    const { data } = await entries('pages', 'filter[site]=default&filter[slug]=OVER-Ons&fields=slug');
    expect(data).toEqual([{ slug: 'over-ons' }]);
  });

  it('supports in (pipe-separated), not, contains and exists', async () => {
    const inList = await entries('pages', 'filter[site]=default&filter[slug:in]=contact|klachten|nope&fields=slug');
    expect(inList.data.map((page) => page.slug).sort()).toEqual(['contact', 'klachten']);

    const notContact = await entries('pages', 'filter[site]=default&filter[slug:not]=contact&fields=slug&limit=100');
    expect(notContact.data.map((page) => page.slug)).not.toContain('contact');
    expect(notContact.meta.total).toBeGreaterThan(20);

    const contains = await entries(
      'actualities',
      'filter[site]=default&filter[title:contains]=BEROEPSERVARINGSPERIODE&fields=title',
    );
    expect(contains.data.length).toBeGreaterThanOrEqual(3);
    expect(contains.data.every((item) => String(item.title).toLowerCase().includes('beroepservaringsperiode'))).toBe(
      true,
    );

    const withOrigin = await entries('pages', 'filter[origin_id:exists]=true&limit=1');
    const withoutOrigin = await entries('pages', 'filter[origin_id:exists]=false&limit=1');
    const { meta: en } = await entries('pages', 'filter[site]=en&limit=1');
    const { meta: nl } = await entries('pages', 'filter[site]=default&limit=1');
    expect(withOrigin.meta.total).toBe(en.total);
    expect(withoutOrigin.meta.total).toBe(nl.total);
  });

  it('compares dates with gt/gte/lt/lte', async () => {
    const later = await all('/collections/events/entries?filter[site]=default&filter[date:gte]=2027-01-01&fields=date');
    const earlier = await all(
      '/collections/events/entries?filter[site]=default&filter[date:lt]=2027-01-01&fields=date',
    );
    expect(later.length).toBeGreaterThan(0);
    expect(earlier.length).toBeGreaterThan(0);
    expect(later.length + earlier.length).toBe(15);
    expect(later.every((event) => String(event.date) >= '2027-01-01')).toBe(true);
  });

  it('filters by taxonomy term, with any, not and all', async () => {
    const rulings = await all(
      '/collections/actualities/entries?filter[site]=en&filter[taxonomy:actuality_types]=uitspraak&fields=actuality_type',
    );
    expect(rulings.length).toBeGreaterThanOrEqual(3);
    expect(rulings.every((item) => (item.actuality_type as Item).slug === 'uitspraak')).toBe(true);
    expect((rulings[0]?.actuality_type as Item).title).toBe('Ruling');

    const either = await all(
      '/collections/actualities/entries?filter[site]=en&filter[taxonomy:actuality_types:any]=uitspraak,column&fields=id',
    );
    const notEither = await all(
      '/collections/actualities/entries?filter[site]=en&filter[taxonomy:actuality_types:not]=uitspraak,column&fields=id',
    );
    expect(either.length + notEither.length).toBe(42);

    const both = await all(
      '/collections/courses/entries?filter[site]=default&filter[taxonomy:disciplines:all]=stedenbouw,tuin-en-landschapsarchitectuur&fields=disciplines',
    );
    expect(both.length).toBeGreaterThan(0);
    for (const course of both) {
      const slugs = (course.disciplines as Item[]).map((term) => term.slug);
      expect(slugs).toEqual(expect.arrayContaining(['stedenbouw', 'tuin-en-landschapsarchitectuur']));
    }
  });

  it('filters on a term field by its slug', async () => {
    const webinars = await all(
      '/collections/events/entries?filter[site]=default&filter[event_type]=webinar&fields=event_type',
    );
    expect(webinars.length).toBeGreaterThanOrEqual(3);
    expect(webinars.every((event) => (event.event_type as Item).slug === 'webinar')).toBe(true);
  });

  it('ignores an unknown condition', async () => {
    const { meta } = await entries('pages', 'filter[site]=default&filter[title:frobnicate]=x&limit=1');
    const { meta: unfiltered } = await entries('pages', 'filter[site]=default&limit=1');
    expect(meta.total).toBe(unfiltered.total);
  });
});

describe('sort', () => {
  it('sorts descending and ascending, on several fields', async () => {
    const newest = await all('/collections/actualities/entries?filter[site]=default&sort=-date&fields=date');
    const dates = newest.map((item) => String(item.date));
    expect(dates).toEqual([...dates].sort().reverse());

    const byTitle = await all(
      '/collections/publications/entries?filter[site]=en&sort=publication_type,title&fields=publication_type,title',
    );
    const keys = byTitle.map((item) => [(item.publication_type as Item).slug, String(item.title)] as const);
    for (let index = 1; index < keys.length; index += 1) {
      const [previousType, previousTitle] = keys[index - 1] ?? ['', ''];
      const [type, title] = keys[index] ?? ['', ''];
      expect(String(previousType) <= String(type)).toBe(true);
      if (previousType === type)
        expect(previousTitle.localeCompare(title, 'en', { sensitivity: 'base' })).toBeLessThanOrEqual(0);
    }
  });

  it('orders employees by their order field', async () => {
    const { data } = await entries('employees', 'filter[site]=default&sort=-order&fields=order,name');
    expect(data.map((employee) => employee.order)).toEqual([...Array(15).keys()].map((index) => 15 - index));
  });
});

describe('drafts, scheduled entries and previews', () => {
  /** The slugs a list shows; drafts must not be among them. */
  const listedSlugs = async (collection: string) =>
    (await all(`/collections/${collection}/entries?filter[site]=default&fields=slug`)).map((item) => item.slug);

  it('hides drafts from every list', async () => {
    const drafts: [string, string, number][] = [
      ['actualities', 'concept-het-nieuwe-registerportaal-gaat-live', 42],
      ['events', 'concept-lancering-registerportaal', 15],
      ['courses', 'concept-bim-voor-kleine-bureaus', 10],
      ['vacancies', 'concept-teamleider-registratie', 5],
      ['publications', 'concept-jaarverslag-2026', 15],
      ['employees', 'nieuwe-collega', 15],
    ];
    for (const [collection, draft, published] of drafts) {
      const slugs = await listedSlugs(collection);
      expect(slugs, collection).not.toContain(draft);
      expect(slugs, collection).toHaveLength(published);
    }
    expect(await listedSlugs('pages')).not.toContain('nieuw-registerportaal');
  });

  it('hides news scheduled for a future date (date privacy)', async () => {
    const future = await all(
      '/collections/actualities/entries?filter[site]=default&filter[date:gt]=2027-01-01&fields=title',
    );
    expect(future).toEqual([]);
  });

  it('shows a draft by id only with the preview token', async () => {
    // Drafts are never listed: the id is the one the CMS would put in the editor's preview link.
    const id = entryId('nieuw-registerportaal', 'default');
    expect(await json(`/collections/pages/entries/${id}`, 404)).toEqual({ message: 'Not found.' });
    expect(await json(`/collections/pages/entries/${id}?token=wrong`, 404)).toEqual({ message: 'Not found.' });
    const { data } = await json<{ data: Item }>(`/collections/pages/entries/${id}?token=${PREVIEW_TOKEN}`);
    expect(data).toMatchObject({ id, status: 'draft', published: false, slug: 'nieuw-registerportaal' });
    const en = await json<{ data: Item }>(`/collections/pages/entries/${id}?token=${PREVIEW_TOKEN}&site=en`);
    expect(en.data).toMatchObject({ slug: 'new-register-portal', origin_id: id, locale: 'en' });
  });

  it('shows a draft of every previewable collection with the token', async () => {
    const drafts: [string, string][] = [
      ['events', 'events/15'],
      ['courses', 'courses/10'],
      ['vacancies', 'vacancies/5'],
      ['actualities', 'actualities/42'],
      ['publications', 'publications/concept-jaarverslag-2026'],
    ];
    for (const [collection, key] of drafts) {
      const id = entryId(key, 'default');
      await json(`/collections/${collection}/entries/${id}`, 404);
      const { data } = await json<{ data: Item }>(`/collections/${collection}/entries/${id}?token=${PREVIEW_TOKEN}`);
      expect(data.status, collection).toBe('draft');
    }
  });

  it('shows a published entry by id with the full resource, ignoring fields', async () => {
    const { data: listed } = await entries('pages', 'filter[site]=default&filter[slug]=contact&fields=id');
    const id = String(listed[0]?.id);
    const { data } = await json<{ data: Item }>(`/collections/pages/entries/${id}?fields=title`);
    expect(data).toMatchObject({ id, title: 'Contact', slug: 'contact', status: 'published', url: '/contact' });
    expect(Object.keys(data).length).toBeGreaterThan(10);
    const en = await json<{ data: Item }>(`/collections/pages/entries/${id}?site=en`);
    expect(en.data).toMatchObject({ origin_id: id, url: '/en/contact' });
  });
});
