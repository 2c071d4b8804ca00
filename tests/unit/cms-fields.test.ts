import { describe, expect, it } from 'vitest';
import { parseEmployees, parseEntry, parseGlobals, parseNav, parseTerms } from '../../src/cms/entries.ts';
import type { PageComponent } from '../../src/cms/types.ts';

// The CMS boundary with the shapes Statamic 5 and 6 produce for the field types the site reads (as
// their resource classes and fieldtypes augment them: AssetResource, augmented Entry and Term, the Link,
// Bard, Select and Toggle fieldtypes), and values of no known shape, which are absent and reported.

const ASSET = {
  id: 'assets::images/hero/over-ons.jpg',
  url: '/assets/images/hero/over-ons.jpg',
  permalink: 'https://cms.example.nl/assets/images/hero/over-ons.jpg',
  api_url: 'https://cms.example.nl/api/assets/assets/images/hero/over-ons.jpg',
  path: 'images/hero/over-ons.jpg',
  is_image: true,
  width: 2400,
  height: 1600,
  alt: 'Het kantoor aan de Laan',
  focus: '48-30-1',
};
const TERM = {
  id: 'disciplines::architectuur',
  slug: 'architectuur',
  title: 'Architectuur',
  taxonomy: { handle: 'disciplines', title: 'Disciplines' },
  url: '/disciplines/architectuur',
  permalink: 'https://cms.example.nl/disciplines/architectuur',
};
const RELATED = {
  id: '0b7c1a4e-6a1f-5c3b-9d2e-000000000001',
  title: 'Over ons',
  url: '/over-ons',
  permalink: 'https://cms.example.nl/over-ons',
  api_url: 'https://cms.example.nl/api/collections/pages/entries/0b7c…',
};
const BASE = {
  id: 'e1',
  title: 'Een bericht',
  slug: 'een-bericht',
  url: '/actualiteiten/een-bericht',
  locale: 'default',
};

const parse = <C extends Parameters<typeof parseEntry>[0]>(collection: C, fields: Record<string, unknown>) => {
  const reported: string[] = [];
  const entry = parseEntry(collection, { ...BASE, ...fields }, (id, field) => reported.push(`${id} ${field}`));
  return { entry, reported };
};

describe('assets', () => {
  it('read one asset, with focus or without, a list of which the first counts, and a bare URL', () => {
    const expected = { id: ASSET.id, url: ASSET.url, permalink: ASSET.permalink, alt: ASSET.alt };
    expect(parse('actualities', { image: ASSET }).entry?.image).toEqual(expected);
    expect(parse('actualities', { image: [ASSET, { ...ASSET, url: '/assets/b.jpg' }] }).entry?.image).toEqual(expected);
    const { focus: _, ...withoutFocus } = ASSET;
    expect(parse('actualities', { image: [withoutFocus] }).entry?.image).toEqual(expected);
    expect(parse('actualities', { image: '/assets/images/a.jpg' }).entry?.image).toEqual({
      id: '/assets/images/a.jpg',
      url: '/assets/images/a.jpg',
      alt: null,
    });
  });

  it('report a value with no URL, and show it as absent', () => {
    const { entry, reported } = parse('actualities', { image: { id: 'assets::x' }, og_image: [] });
    expect(entry?.image).toBeNull();
    expect(entry?.og_image).toBeNull();
    expect(reported).toEqual(['e1 og_image', 'e1 image']);
  });
});

describe('terms and relations', () => {
  it('read terms as objects, lists or bare ids, and a relation as an object, a list or an id', () => {
    const term = { id: TERM.id, slug: 'architectuur', title: 'Architectuur', taxonomy: TERM.taxonomy };
    expect(parse('actualities', { actuality_type: TERM, disciplines: [TERM] }).entry).toMatchObject({
      actuality_type: term,
      disciplines: [term],
    });
    expect(parse('actualities', { actuality_type: [TERM], disciplines: TERM }).entry).toMatchObject({
      actuality_type: term,
      disciplines: [term],
    });
    expect(parse('actualities', { disciplines: ['disciplines::stedenbouw'] }).entry?.disciplines).toEqual([
      {
        id: 'disciplines::stedenbouw',
        slug: 'stedenbouw',
        title: 'stedenbouw',
        taxonomy: { handle: 'disciplines', title: 'disciplines' },
      },
    ]);
    expect(parse('pages', { parent: RELATED }).entry?.parent).toEqual({
      id: RELATED.id,
      title: 'Over ons',
      url: '/over-ons',
    });
    expect(parse('pages', { parent: [RELATED] }).entry?.parent).toEqual({
      id: RELATED.id,
      title: 'Over ons',
      url: '/over-ons',
    });
    expect(parse('pages', { parent: RELATED.id }).entry?.parent).toEqual({ id: RELATED.id });
  });

  it('read the terms of a taxonomy, leaving out what is not a term', () => {
    const reported: string[] = [];
    expect(
      parseTerms([TERM, { id: 'x' }, 'disciplines::interieur'], (id, field) => reported.push(`${id} ${field}`)).map(
        (term) => term.slug,
      ),
    ).toEqual(['architectuur', 'interieur']);
    expect(reported).toEqual(['x term']);
  });
});

describe('links, text and choices', () => {
  it('read a Link as a URL, the linked entry or asset, or {value}; an unresolved entry reference is absent', () => {
    expect(parse('pages', { redirect: '/inschrijven' }).entry?.redirect).toBe('/inschrijven');
    expect(parse('pages', { redirect: RELATED }).entry?.redirect).toBe('/over-ons');
    expect(parse('pages', { redirect: { value: 'https://www.example.nl/' } }).entry?.redirect).toBe(
      'https://www.example.nl/',
    );
    const { entry, reported } = parse('pages', { redirect: 'entry::0b7c1a4e' });
    expect(entry?.redirect).toBeNull();
    expect(reported).toEqual(['e1 redirect']);
  });

  it('read Bard as HTML and as blocks (its text blocks, sets left out), Markdown as HTML', () => {
    expect(parse('actualities', { content: '<p>Een</p>' }).entry?.content).toBe('<p>Een</p>');
    const blocks = [
      { type: 'text', text: '<p>Een</p>' },
      { type: 'image', image: ASSET },
      { type: 'text', text: '<p>Twee</p>' },
    ];
    expect(parse('actualities', { content: blocks }).entry?.content).toBe('<p>Een</p><p>Twee</p>');
  });

  it('read toggles, numbers and text however the version stores them', () => {
    expect(parse('pages', { analytics_ignore: 'true' }).entry?.analytics_ignore).toBe(true);
    expect(parse('pages', { analytics_ignore: 0 }).entry?.analytics_ignore).toBe(false);
    expect(parse('courses', { price: 450 }).entry?.price).toBe('450');
    expect(parse('pages', { theme: { bg: '#123456', text: '#fff', diap: '1' } }).entry?.theme).toEqual({
      bg: '#123456',
      text: '#fff',
      diap: true,
    });
  });
});

describe('page-builder sets', () => {
  const components = (sets: unknown) => parse('pages', { components: sets });

  it('read each set by its type, labelled choices and numbers as text included; an unknown type keeps its id and type', () => {
    const { entry, reported } = components([
      {
        id: 's1',
        type: 'text_image',
        heading: 'Kop',
        text: [{ type: 'text', text: '<p>Tekst</p>' }],
        image: [ASSET],
        image_position: { value: 'right', label: 'Rechts', key: 'right' },
      },
      {
        id: 's2',
        type: 'collection_list',
        collection: { value: 'events', label: 'Agenda' },
        limit: '3',
        filters: true,
      },
      { id: 's3', type: 'cards', items: [{ id: 'c1', title: 'Kaart', url: RELATED, image: ASSET }, 'not a row'] },
      { id: 's4', type: 'video', url: 'https://…' },
      'not a set',
    ]);
    const sets = entry?.components as PageComponent[];
    expect(sets[0]).toMatchObject({
      id: 's1',
      type: 'text_image',
      heading: 'Kop',
      text: '<p>Tekst</p>',
      image: { url: ASSET.url },
      image_position: 'right',
    });
    expect(sets[1]).toMatchObject({ id: 's2', type: 'collection_list', collection: 'events', limit: 3, filters: true });
    expect(sets[2]).toMatchObject({
      id: 's3',
      type: 'cards',
      items: [{ id: 'c1', title: 'Kaart', url: '/over-ons', image: { url: ASSET.url } }],
    });
    expect(sets[3]).toEqual({ id: 's4', type: 'video' });
    expect(sets).toHaveLength(4);
    expect(reported).toEqual([]);
  });

  it('show a set field of no known shape as absent, report it with its place, and keep the rest of the set', () => {
    const { entry, reported } = components([
      { id: 's1', type: 'image', image: { nope: true }, caption: 'Onderschrift' },
      { type: 'quote', quote: 'Citaat', author: ['x'] },
    ]);
    expect(entry?.components).toEqual([
      { id: 's1', type: 'image', image: null, caption: 'Onderschrift' },
      { id: 'quote-1', type: 'quote', quote: 'Citaat', author: null },
    ]);
    expect(reported).toEqual(['e1 components.0.image', 'e1 components.1.author']);
  });
});

describe('entries', () => {
  it('leave out an entry without an id, a title or a slug, and report it', () => {
    const reported: string[] = [];
    expect(
      parseEntry('events', { id: 'e9', title: 'Zonder slug' }, (id, field) => reported.push(`${id} ${field}`)),
    ).toBeNull();
    expect(parseEntry('events', 'not an entry', () => undefined)).toBeNull();
    expect(reported).toEqual(['e9 slug']);
  });

  it('read a field of any unexpected shape as absent, never throwing', () => {
    const odd = {
      intro: { weird: true },
      date: 20260101,
      location: [1, 2],
      image: 42,
      event_type: 7,
      seo_title: null,
      og_image: false,
    };
    const { entry, reported } = parse('events', odd);
    expect(entry).toMatchObject({
      id: 'e1',
      title: 'Een bericht',
      intro: null,
      date: null,
      location: null,
      image: null,
      event_type: null,
      seo_title: null,
      og_image: null,
    });
    expect(reported.sort()).toEqual(
      ['e1 date', 'e1 event_type', 'e1 image', 'e1 intro', 'e1 location', 'e1 og_image'].sort(),
    );
  });

  it('read employees, leaving out one without an id', () => {
    expect(
      parseEmployees(
        [{ id: 'p1', title: 'Jan', function: 'Directeur', photo: [ASSET] }, { title: 'Geen id' }],
        () => undefined,
      ),
    ).toEqual([
      {
        id: 'p1',
        title: 'Jan',
        name: null,
        function: 'Directeur',
        photo: { id: ASSET.id, url: ASSET.url, permalink: ASSET.permalink, alt: ASSET.alt },
        email: null,
        phone: null,
      },
    ]);
  });
});

describe('nav trees', () => {
  it('read items with their page and children; an item without a page goes, with a line', () => {
    const reported: string[] = [];
    const tree = parseNav(
      [
        {
          page: { id: 'p1', title: 'Over ons', url: '/over-ons', open_in_new_tab: 'false' },
          depth: 1,
          children: [{ page: { title: 'Extern', url: 'https://example.nl', open_in_new_tab: true } }, { depth: 2 }],
        },
        'not an item',
      ],
      (id, field) => reported.push(`${id} ${field}`),
    );
    expect(tree).toEqual([
      {
        page: { id: 'p1', title: 'Over ons', url: '/over-ons', slug: null, open_in_new_tab: false },
        depth: 1,
        children: [
          {
            page: { id: null, title: 'Extern', url: 'https://example.nl', slug: null, open_in_new_tab: true },
            children: [],
          },
        ],
      },
    ]);
    expect(reported).toEqual(['(nav) page', '(nav) page']);
  });
});

describe('globals', () => {
  it('read the settings and contact sets, social links with a labelled platform, and a missing set as absent', () => {
    const reported: string[] = [];
    const globals = parseGlobals(
      [
        {
          handle: 'settings',
          site_name: 'Architectenregister',
          taglines: ['Een', 3, '', 'Twee'],
          default_og_image: [ASSET],
          social_links: [
            { platform: { value: 'linkedin', label: 'LinkedIn' }, url: 'https://www.linkedin.com/x' },
            { platform: 'x' },
            'nope',
            { platform: 'YouTube', url: { url: 'https://youtube.com/y' } },
          ],
        },
        { handle: 'footer', anything: true },
      ],
      (id, field) => reported.push(`${id} ${field}`),
    );
    expect(globals.settings).toEqual({
      site_name: 'Architectenregister',
      taglines: ['Een', 'Twee'],
      default_og_image: { id: ASSET.id, url: ASSET.url, permalink: ASSET.permalink, alt: ASSET.alt },
      social_links: [
        { url: 'https://www.linkedin.com/x', label: 'LinkedIn' },
        { url: 'https://youtube.com/y', label: 'YouTube' },
      ],
      notice: null,
    });
    expect(globals.contact).toEqual({
      organisation_name: null,
      street_address: null,
      postal_code: null,
      city: null,
      phone: null,
      email: null,
    });
    expect(
      parseGlobals([{ handle: 'settings', social_links: 'not a list', taglines: 'one line' }], (id, field) =>
        reported.push(`${id} ${field}`),
      ).settings,
    ).toMatchObject({
      social_links: [],
      taglines: [],
    });
    expect(reported.sort()).toEqual(['globals:settings social_links', 'globals:settings taglines']);
  });

  it('read the notice group: its kind as an option, a link with its label, moments with their offset', () => {
    const reported: string[] = [];
    const notice = (value: unknown) =>
      parseGlobals([{ handle: 'settings', notice: value }], (id, field) => reported.push(`${id} ${field}`)).settings
        .notice;
    expect(
      notice({
        text: 'Storing',
        kind: { value: 'warning', label: 'Waarschuwing', key: 'warning' },
        link: { url: '/storing' },
        link_label: 'Meer',
        from: '2026-11-27T08:00:00.000000Z',
        until: '2026-11-27T12:00:00+01:00',
      }),
    ).toEqual({
      text: 'Storing',
      kind: 'warning',
      link: { url: '/storing', label: 'Meer' },
      from: Date.UTC(2026, 10, 27, 8),
      until: Date.UTC(2026, 10, 27, 11),
    });
    expect(notice({ text: 'Kort', kind: null, link: null, link_label: null, from: null })).toEqual({
      text: 'Kort',
      kind: 'info',
      link: null,
      from: null,
      until: null,
    });
    expect(notice({ text: null, kind: 'info', link: null })).toBeNull();
    expect(reported).toEqual([]);
  });

  it('read the notice field by field: a field it cannot read costs that field alone, and is named', () => {
    const reported: string[] = [];
    const notice = (value: unknown) =>
      parseGlobals([{ handle: 'settings', notice: value }], (id, field) => reported.push(`${id} ${field}`)).settings
        .notice;
    const until = '2026-11-27T12:00:00+01:00';
    // A bound without its offset leaves that side of the window open; the other bound holds.
    expect(notice({ text: 'Lokaal', kind: 'warning', from: '2026-11-27 08:00', until })).toEqual({
      text: 'Lokaal',
      kind: 'warning',
      link: null,
      from: null,
      until: Date.UTC(2026, 10, 27, 11),
    });
    expect(notice({ text: 'Tot morgen', until: 'morgen' })).toMatchObject({ text: 'Tot morgen', until: null });
    // An unknown kind is info; a link that cannot be read, or without its label, is no link.
    expect(notice({ text: 'Onbekend', kind: 'alarm', link: 'entry::abc', link_label: 'Meer' })).toEqual({
      text: 'Onbekend',
      kind: 'info',
      link: null,
      from: null,
      until: null,
    });
    expect(notice({ text: 'Half', link: '/x' })).toMatchObject({ text: 'Half', link: null });
    expect(notice({ text: 42 })).toBeNull();
    expect(notice('Storing')).toBeNull();
    expect(reported).toEqual([
      'globals:settings notice.from',
      'globals:settings notice.until',
      'globals:settings notice.kind',
      'globals:settings notice.link',
      'globals:settings notice.link_label',
      'globals:settings notice.text',
      'globals:settings notice',
    ]);
  });
});
