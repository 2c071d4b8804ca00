import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentService } from '../../sample-cms/service.ts';
import { client, ROUTABLE, SITES, start } from './helpers.ts';
import type { Item, Json } from './helpers.ts';

// The sample content itself: amounts, translations, page-builder sets and links, read through the API the
// way the site reads it.

let service: ContentService;
const { json, all } = client(() => service);

type Site = (typeof SITES)[number];
/** Every published entry of the routable collections and employees, per site. */
const content = new Map<string, Item[]>();
const entriesOf = (collection: string, site: Site): Item[] => content.get(`${collection}:${site}`) ?? [];

beforeAll(async () => {
  service = await start();
  await Promise.all(
    [...ROUTABLE, 'employees'].flatMap((collection) =>
      SITES.map(async (site) => {
        content.set(`${collection}:${site}`, await all(`/collections/${collection}/entries?filter[site]=${site}`, 50));
      }),
    ),
  );
});

afterAll(async () => {
  await service?.close();
});

/** The site's look-up: the last path segment as slug, pages first, then the other collections (courses in `default`). */
const lookUp = (url: string, site: Site): Item | undefined => {
  const path = site === 'en' ? url.replace(/^\/en(?=\/|$)/, '') : url;
  const slug = path === '' || path === '/' ? 'home' : path.split('/').filter(Boolean).at(-1);
  for (const collection of ROUTABLE) {
    const found = entriesOf(collection, collection === 'courses' ? 'default' : site).find(
      (entry) => entry.slug === slug,
    );
    if (found) return found;
  }
  return undefined;
};

/** True when the URL leads to the entry whose own URL it is (or to an entry that redirects there). */
/** Whether a link leads to an entry of the site (a `#part` of the page aside). */
const resolves = (link: string, site: Site): boolean => {
  const url = link.split('#')[0]!;
  const entry = lookUp(url, site);
  if (!entry) return false;
  return entry.url === url || (entry.redirect !== null && entry.redirect !== undefined);
};

const componentsOf = (site: Site): Item[] =>
  entriesOf('pages', site).flatMap((page) => (page.components as Item[]) ?? []);

describe('amounts (docs/specification.md section 10)', () => {
  it.each([
    ['actualities', 40],
    ['events', 15],
    ['vacancies', 5],
    ['publications', 15],
    ['employees', 15],
  ] as const)('has at least enough published %s in both sites', (collection, minimum) => {
    for (const site of SITES) expect(entriesOf(collection, site).length, site).toBeGreaterThanOrEqual(minimum);
  });

  it('has at least 10 courses, in the default site only', () => {
    expect(entriesOf('courses', 'default').length).toBeGreaterThanOrEqual(10);
    expect(entriesOf('courses', 'en')).toEqual([]);
  });

  it('has home, about, registration, the law, complaints, contact and FAQ in both sites', () => {
    const nl = ['/', '/over-ons', '/inschrijven', '/de-wet', '/klachten', '/contact', '/veelgestelde-vragen'];
    const en = ['/en', '/en/about-us', '/en/registration', '/en/the-law', '/en/complaints', '/en/contact', '/en/faq'];
    expect(entriesOf('pages', 'default').map((page) => page.url)).toEqual(expect.arrayContaining(nl));
    expect(entriesOf('pages', 'en').map((page) => page.url)).toEqual(expect.arrayContaining(en));
    for (const site of SITES) {
      expect(
        entriesOf('pages', site)
          .filter((page) => page.slug === 'home')
          .map((page) => page.url),
      ).toEqual([site === 'en' ? '/en' : '/']);
    }
  });

  it('has pages two and three levels deep whose URL follows the tree', () => {
    const nl = entriesOf('pages', 'default').map((page) => page.url);
    const en = entriesOf('pages', 'en').map((page) => page.url);
    expect(nl).toContain('/inschrijven/buitenlandse-architecten/erkenning-beroepskwalificaties');
    expect(en).toContain('/en/registration/foreign-architects/recognition-of-professional-qualifications');
    for (const site of SITES) {
      const depths = entriesOf('pages', site).map((page) => String(page.uri).split('/').filter(Boolean).length);
      expect(depths.filter((depth) => depth === 2).length, site).toBeGreaterThanOrEqual(5);
      expect(depths.filter((depth) => depth === 3).length, site).toBeGreaterThanOrEqual(2);
    }
  });

  it('has every taxonomy term used by the entries', async () => {
    for (const site of SITES) {
      for (const collection of ROUTABLE) {
        for (const entry of entriesOf(collection, site)) {
          for (const field of ['actuality_type', 'event_type', 'course_type', 'publication_type', 'disciplines']) {
            const value = entry[field];
            const terms = (Array.isArray(value) ? value : value ? [value] : []) as Item[];
            for (const term of terms) {
              const [taxonomy, slug] = String(term.id).split('::');
              const { data } = await json<{ data: Item[] }>(
                `/taxonomies/${taxonomy}/terms?filter[site]=${site}&filter[slug]=${slug}`,
              );
              expect(data, `${term.id} in ${site}`).toHaveLength(1);
            }
          }
        }
      }
    }
  });
});

describe('translations', () => {
  it('points every en entry at an existing default entry, with its own id', () => {
    for (const collection of [...ROUTABLE, 'employees']) {
      const originIds = new Set(entriesOf(collection, 'default').map((entry) => entry.id));
      for (const entry of entriesOf(collection, 'en')) {
        expect(entry.origin_id, `${collection} ${entry.slug}`).toBeTruthy();
        expect(originIds.has(entry.origin_id as string), `${collection} ${entry.slug}`).toBe(true);
        expect(entry.id).not.toBe(entry.origin_id);
      }
      expect(entriesOf(collection, 'default').every((entry) => entry.origin_id === null)).toBe(true);
    }
  });

  it('translates slugs: apart from a few names that are the same in both languages, slugs differ', () => {
    for (const collection of ['pages', 'actualities', 'events', 'vacancies', 'publications']) {
      const origins = new Map(entriesOf(collection, 'default').map((entry) => [entry.id, entry]));
      const translated = entriesOf(collection, 'en');
      const same = translated.filter((entry) => origins.get(entry.origin_id as string)?.slug === entry.slug);
      expect(
        same.map((entry) => entry.slug),
        collection,
      ).toEqual(collection === 'pages' ? ['home', 'contact'] : []);
    }
    const about = entriesOf('pages', 'en').find((page) => page.slug === 'about-us');
    const origin = entriesOf('pages', 'default').find((page) => page.id === about?.origin_id);
    expect(origin?.slug).toBe('over-ons');
  });

  it('keeps slugs unique per site across the collections the site looks up', () => {
    for (const site of SITES) {
      const slugs = ROUTABLE.flatMap((collection) => entriesOf(collection, site).map((entry) => entry.slug));
      expect(new Set(slugs).size, site).toBe(slugs.length);
    }
  });
});

describe('page builder', () => {
  const TYPES: Record<string, string[]> = {
    text: ['heading', 'text'],
    text_image: ['heading', 'text', 'image', 'image_position'],
    image: ['image', 'caption'],
    quote: ['quote', 'author'],
    accordion: ['heading', 'items'],
    cards: ['heading', 'items'],
    call_to_action: ['heading', 'text', 'button_label', 'button_url'],
    collection_list: ['heading', 'collection', 'limit', 'filters'],
    team: ['heading'],
    downloads: ['heading', 'files'],
    key_figures: ['items'],
    animation: ['heading', 'animation_link', 'animation_data', 'loop', 'autoplay', 'speed'],
    form: ['heading', 'form'],
  };

  it.each(SITES)('uses every component type in site %s, each set with its fields, then id and type', (site) => {
    const components = componentsOf(site);
    expect(new Set(components.map((component) => component.type))).toEqual(new Set(Object.keys(TYPES)));
    for (const component of components) {
      expect(Object.keys(component)).toEqual([...(TYPES[String(component.type)] ?? []), 'id', 'type']);
      expect(String(component.id)).toMatch(/^[a-z0-9]{8}$/);
    }
  });

  it.each(SITES)('has valid field values in site %s', (site) => {
    const isAsset = (value: Json | undefined) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      String(value.url).startsWith('/assets/') &&
      String(value.permalink).startsWith(service.url) &&
      String(value.id).startsWith('assets::');
    for (const component of componentsOf(site)) {
      switch (component.type) {
        case 'text':
        case 'text_image':
          expect(String(component.text)).toMatch(/^<(p|h2|h3|ul|ol|table)>/);
          if (component.type === 'text_image') {
            expect(isAsset(component.image)).toBe(true);
            expect(['left', 'right']).toContain(component.image_position);
          }
          break;
        case 'image':
          expect(isAsset(component.image)).toBe(true);
          break;
        case 'accordion':
          for (const item of component.items as Item[]) {
            expect(typeof item.question).toBe('string');
            expect(String(item.answer)).toMatch(/^</);
          }
          break;
        case 'cards':
          for (const item of component.items as Item[]) {
            expect(typeof item.title).toBe('string');
            expect(item.image === null || isAsset(item.image)).toBe(true);
          }
          break;
        case 'collection_list':
          expect(['actualities', 'events', 'courses', 'vacancies', 'publications']).toContain(component.collection);
          expect(Number(component.limit)).toBeGreaterThan(0);
          break;
        case 'downloads':
          expect((component.files as Json[]).length).toBeGreaterThan(0);
          expect((component.files as Json[]).every(isAsset)).toBe(true);
          break;
        case 'key_figures':
          expect(
            (component.items as Item[]).every(
              (item) => typeof item.value === 'string' && typeof item.label === 'string',
            ),
          ).toBe(true);
          break;
        case 'animation':
          // Exactly one of link and data, and a positive speed (the site rejects anything else).
          expect((component.animation_link === null) !== (component.animation_data === null)).toBe(true);
          expect(Number(component.speed)).toBeGreaterThan(0);
          expect(typeof component.loop).toBe('boolean');
          expect(typeof component.autoplay).toBe('boolean');
          break;
      }
    }
  });

  it.each(SITES)('has an animation by link and one by inline data in site %s', (site) => {
    const animations = componentsOf(site).filter((component) => component.type === 'animation');
    const linked = animations.find((component) => component.animation_link !== null);
    const inline = animations.find((component) => component.animation_data !== null);
    expect(linked?.animation_link).toBe(`${service.url}/assets/animations/register-groei.json`);
    expect(inline?.animation_data).toMatchObject({
      v: expect.any(String),
      fr: expect.any(Number),
      layers: expect.any(Array),
    });
  });
});

describe('links resolve', () => {
  it.each(SITES)('every entry URL in site %s is found again by its last segment', (site) => {
    for (const collection of ROUTABLE) {
      // An entry that sends visitors to another site has that site's address as its URL.
      for (const entry of entriesOf(collection, site).filter((entry) => String(entry.url).startsWith('/'))) {
        expect(resolves(String(entry.url), site), `${collection} ${entry.url}`).toBe(true);
      }
    }
  });

  it.each(SITES)('every URL in the navs of site %s resolves', async (site) => {
    interface Node {
      page: Item;
      children: Node[];
    }
    const urls = (nodes: Node[]): string[] => nodes.flatMap((node) => [String(node.page.url), ...urls(node.children)]);
    for (const nav of ['megamenu', 'footer']) {
      const { data } = await json<{ data: Node[] }>(
        `/navs/${nav}/tree?site=${site}&fields=open_in_new_tab,url,title,slug`,
      );
      for (const url of urls(data)) expect(resolves(url, site), `${nav} ${url}`).toBe(true);
    }
  });

  it.each(SITES)(
    'every card, call-to-action and text link in site %s resolves within the site, or leaves it',
    (site) => {
      const urls: string[] = [];
      for (const component of componentsOf(site)) {
        if (component.type === 'cards') urls.push(...(component.items as Item[]).map((item) => String(item.url)));
        if (component.type === 'call_to_action') urls.push(String(component.button_url));
        for (const html of [
          component.text,
          ...((component.items as Item[] | undefined) ?? []).map((item) => item.answer),
        ]) {
          for (const [, href] of String(html ?? '').matchAll(/href="([^"]+)"/g)) urls.push(String(href));
        }
      }
      expect(urls.length).toBeGreaterThan(10);
      // Links out of the site (the statements' authorities, addresses to write or call) are absolute.
      for (const url of urls.filter((href) => !/^(https:\/\/|mailto:|tel:\+)/.test(href))) {
        expect(url.startsWith('/'), url).toBe(true);
        expect(url.startsWith('/en'), url).toBe(site === 'en');
        expect(resolves(url, site), url).toBe(true);
      }
    },
  );

  it.each(SITES)(
    'has a page in site %s that redirects to another page of the site, and one to another site',
    (site) => {
      const redirecting = entriesOf('pages', site).filter((page) => page.redirect !== null);
      const internal = redirecting.filter((page) => String(page.redirect).startsWith('/'));
      expect(internal).toHaveLength(1);
      const [page] = internal;
      expect(page?.url).toBe(page?.redirect);
      expect(page?.uri).not.toBe(page?.redirect);
      expect(lookUp(String(page?.redirect), site)?.redirect).toBeNull();
      const external = redirecting.filter((page) => !String(page.redirect).startsWith('/'));
      expect(external).toHaveLength(1);
      expect(external[0]?.redirect).toMatch(/^https:\/\//);
      expect(external[0]?.url).toBe(external[0]?.redirect);
      expect(lookUp(String(external[0]?.uri), site)).toBe(external[0]);
    },
  );
});

describe('fields the client needs', () => {
  it.each(SITES)('has themes, analytics_ignore and SEO fields in site %s', (site) => {
    const pages = entriesOf('pages', site);
    const themed = pages.filter((page) => page.theme !== null);
    expect(themed.length).toBeGreaterThanOrEqual(2);
    for (const page of themed) expect(Object.keys(page.theme as object)).toEqual(['bg', 'text', 'diap']);
    expect(pages.filter((page) => page.analytics_ignore === true).length).toBeGreaterThanOrEqual(1);
    expect(pages.every((page) => typeof page.analytics_ignore === 'boolean')).toBe(true);
    const home = pages.find((page) => page.slug === 'home');
    expect(home).toMatchObject({
      seo_title: expect.any(String),
      og_title: expect.any(String),
      hero_text: expect.any(String),
    });
    expect((home?.og_image as Item).url).toMatch(/^\/assets\/images\//);
    expect((home?.texts as string[]).length).toBeGreaterThan(0);
  });

  it.each(SITES)('has dated actualities and events with their terms in site %s', (site) => {
    for (const item of entriesOf('actualities', site)) {
      expect(String(item.date)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
      expect((item.actuality_type as Item).id).toMatch(/^actuality_types::/);
    }
    for (const item of entriesOf('events', site)) {
      expect(item).toMatchObject({
        start_time: expect.stringMatching(/^\d{2}:\d{2}$/),
        end_time: expect.stringMatching(/^\d{2}:\d{2}$/),
      });
      expect(typeof item.location).toBe('string');
      expect((item.event_type as Item).id).toMatch(/^event_types::/);
    }
  });

  it.each(SITES)('has publications with a PDF and employees with photo and e-mail in site %s', (site) => {
    for (const item of entriesOf('publications', site)) {
      expect((item.file as Item).url).toMatch(/^\/assets\/documents\/.+\.pdf$/);
      expect((item.publication_type as Item).id).toMatch(/^publication_types::/);
    }
    for (const employee of entriesOf('employees', site)) {
      expect(employee).toMatchObject({
        name: expect.any(String),
        function: expect.any(String),
        email: expect.stringMatching(/@/),
      });
      expect((employee.photo as Item).url).toMatch(/^\/assets\/images\/team\//);
    }
  });
});
