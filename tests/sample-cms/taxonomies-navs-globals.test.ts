import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentService } from '../../sample-cms/service.ts';
import { client, start } from './helpers.ts';
import type { Envelope, Item, Json } from './helpers.ts';

let service: ContentService;
const { json, all } = client(() => service);

beforeAll(async () => {
  service = await start();
});

afterAll(async () => {
  await service?.close();
});

const TAXONOMIES = ['disciplines', 'actuality_types', 'event_types', 'course_types', 'publication_types'];

describe('taxonomy terms', () => {
  it.each(TAXONOMIES)('lists %s in both sites, once per site without filter[site]', async (handle) => {
    const nl = await all(`/taxonomies/${handle}/terms?filter[site]=default`);
    const en = await all(`/taxonomies/${handle}/terms?filter[site]=en`);
    const both = await all(`/taxonomies/${handle}/terms`);
    expect(nl.length).toBeGreaterThanOrEqual(4);
    expect(en.map((term) => term.slug)).toEqual(nl.map((term) => term.slug));
    expect(both).toHaveLength(nl.length * 2);
    expect(nl.every((term) => term.locale === 'default' && term.id === `${handle}::${term.slug}`)).toBe(true);
    expect(en.every((term) => term.locale === 'en' && String(term.url).startsWith('/en/'))).toBe(true);
  });

  it('translates term titles and has the Statamic term keys', async () => {
    const [nl] = (await json<Envelope>('/taxonomies/disciplines/terms?filter[site]=default&filter[slug]=stedenbouw'))
      .data;
    const [en] = (await json<Envelope>('/taxonomies/disciplines/terms?filter[site]=en&filter[slug]=stedenbouw')).data;
    expect(nl?.title).toBe('Stedenbouw');
    expect(en?.title).toBe('Urban planning');
    for (const key of [
      'api_url',
      'edit_url',
      'entries_count',
      'id',
      'is_term',
      'locale',
      'permalink',
      'slug',
      'taxonomy',
      'title',
      'updated_at',
      'uri',
      'url',
    ]) {
      expect(Object.keys(nl ?? {})).toContain(key);
    }
    expect(nl?.taxonomy).toMatchObject({ handle: 'disciplines', title: 'Disciplines' });
    expect(Number(nl?.entries_count)).toBeGreaterThan(0);
  });

  it('paginates terms like entries', async () => {
    const envelope = await json<Envelope>('/taxonomies/event_types/terms?filter[site]=en&limit=2');
    expect(envelope.meta).toMatchObject({ per_page: 2, total: 5, last_page: 3, current_page: 1 });
    expect(envelope.links.next).toBe(
      `${service.apiUrl}/taxonomies/event_types/terms?filter%5Bsite%5D=en&limit=2&page=2`,
    );
  });

  it('shows one term by slug, in the requested site', async () => {
    const { data } = await json<{ data: Item }>('/taxonomies/publication_types/terms/jaarverslag?site=en');
    expect(data).toMatchObject({ id: 'publication_types::jaarverslag', title: 'Annual report', locale: 'en' });
  });
});

interface TreeNode {
  page: Item;
  depth: number;
  children: TreeNode[];
}

const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

describe('navigation trees', () => {
  const tree = async (handle: string, site: string) =>
    (await json<{ data: TreeNode[] }>(`/navs/${handle}/tree?site=${site}&fields=open_in_new_tab,url,title,slug`)).data;

  it('gives the megamenu in two levels per site, with only the requested page keys in order', async () => {
    for (const site of ['default', 'en']) {
      const nodes = await tree('megamenu', site);
      expect(nodes.length).toBeGreaterThanOrEqual(5);
      expect(nodes.every((node) => node.depth === 1)).toBe(true);
      expect(nodes.some((node) => node.children.length > 0)).toBe(true);
      for (const node of flatten(nodes)) {
        expect(Object.keys(node)).toEqual(['page', 'depth', 'children']);
        expect(Object.keys(node.page)).toEqual(['open_in_new_tab', 'url', 'title', 'slug']);
        expect(typeof node.page.open_in_new_tab).toBe('boolean');
        expect(node.depth).toBeLessThanOrEqual(2);
        if (site === 'en') expect(String(node.page.url).startsWith('/en')).toBe(true);
        else expect(String(node.page.url).startsWith('/en')).toBe(false);
      }
    }
  });

  it('uses translated titles and slugs', async () => {
    const nl = await tree('megamenu', 'default');
    const en = await tree('megamenu', 'en');
    expect(nl[0]?.page).toMatchObject({ title: 'Over ons', slug: 'over-ons', url: '/over-ons' });
    expect(en[0]?.page).toMatchObject({ title: 'About us', slug: 'about-us', url: '/en/about-us' });
    expect(en.find((node) => node.page.slug === 'news')?.page.title).toBe('News & events');
  });

  it('opens the annual report in a new tab, and nothing else', async () => {
    for (const site of ['default', 'en']) {
      const newTab = flatten(await tree('megamenu', site)).filter((node) => node.page.open_in_new_tab === true);
      expect(newTab.map((node) => node.page.slug)).toEqual([site === 'en' ? 'annual-report-2025' : 'jaarverslag-2025']);
    }
  });

  it('drops an unpublished page together with its children', async () => {
    const urls = flatten(await tree('megamenu', 'default')).map((node) => node.page.url);
    expect(urls).not.toContain('/nieuw-registerportaal');
    expect(urls).not.toContain('/veelgestelde-vragen');
  });

  it('gives the footer per site', async () => {
    const nl = await tree('footer', 'default');
    const en = await tree('footer', 'en');
    expect(nl.map((node) => node.page.url)).toEqual([
      '/contact',
      '/veelgestelde-vragen',
      '/publicaties',
      '/privacyverklaring',
      '/toegankelijkheid',
    ]);
    expect(en.map((node) => node.page.url)).toEqual([
      '/en/contact',
      '/en/faq',
      '/en/publications',
      '/en/privacy-statement',
      '/en/accessibility',
    ]);
  });

  it('defaults to the default site, honours max_depth and, without fields, gives the full page', async () => {
    const { data } = await json<{ data: TreeNode[] }>('/navs/megamenu/tree?max_depth=1');
    expect(data[0]?.page.locale).toBe('default');
    expect(data.every((node) => node.children.length === 0)).toBe(true);
    const page = data[0]?.page ?? {};
    expect(page.entry_id).not.toBe(page.id);
    expect(Object.keys(page)).toEqual([...Object.keys(page)].sort());
  });
});

describe('globals', () => {
  const globals = async (query: string) => (await json<{ data: Record<string, Json>[] }>(`/globals${query}`)).data;

  it('gives every global set localized per site, defaulting to the default site', async () => {
    const nl = await globals('?site=default');
    const en = await globals('?site=en');
    expect(await globals('')).toEqual(nl);
    expect(nl.map((set) => set.handle)).toEqual(['settings', 'contact']);
    const settings = (sets: Record<string, Json>[]) => sets.find((set) => set.handle === 'settings') ?? {};
    const contact = (sets: Record<string, Json>[]) => sets.find((set) => set.handle === 'contact') ?? {};
    expect(settings(nl).organisation_name).toBe('Bureau Architectenregister');
    expect(settings(en).organisation_name).toBe("Architects' Register Office");
    for (const sets of [nl, en]) {
      const taglines = settings(sets).taglines as string[];
      expect(taglines.length).toBeGreaterThanOrEqual(3);
      expect(taglines.every((tagline) => typeof tagline === 'string' && tagline.length > 0)).toBe(true);
      expect(contact(sets)).toMatchObject({ email: 'info@architectenregister.nl', postal_code: '2596 AA' });
      expect(typeof contact(sets).phone).toBe('string');
      const links = settings(sets).social_links as Item[];
      expect(links.length).toBeGreaterThan(0);
      expect(Object.keys(links[0]?.platform as object)).toEqual(['value', 'label', 'key']);
    }
    expect(settings(nl).taglines).not.toEqual(settings(en).taglines);
    expect(contact(en).city).toBe('The Hague');
    // Statamic appends handle and api_url after the sorted variables.
    expect(Object.keys(settings(nl)).slice(-2)).toEqual(['handle', 'api_url']);
  });

  it('shows one global set', async () => {
    const { data } = await json<{ data: Record<string, Json> }>('/globals/contact?site=en');
    expect(data).toMatchObject({ handle: 'contact', city: 'The Hague', api_url: `${service.apiUrl}/globals/contact` });
  });
});
