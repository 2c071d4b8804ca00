import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { list, startFakeCms } from '../helpers/fake-cms.ts';
import type { FakeCms } from '../helpers/fake-cms.ts';
import { get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// What a page says of itself, from a CMS whose entries each fill a different step of the chains: the
// title (`seo_title`, else the title without the `~` editors mark soft hyphens with) and the meta
// description (`seo_description`, else the entry's intro, else a page's hero text, else the site's).

const SITE_DESCRIPTION = {
  nl: 'Wie zich architect, stedenbouwkundige, tuin- en landschapsarchitect of interieurarchitect noemt, staat in het Architectenregister. Zoek een architect.',
  en: 'Whoever uses the title of architect, urban planner, landscape or interior architect in the Netherlands is in the Architects Register. Find an architect.',
};

const newsList = { id: 'list-1', type: 'collection_list', heading: 'Nieuws', collection: 'actualities', limit: 12 };

const ENTRIES: Record<string, Record<string, object[]>> = {
  pages: {
    default: [
      { id: 'home', slug: 'home', url: '/', title: 'Home', components: [newsList] },
      {
        id: 'wet',
        slug: 'wet',
        url: '/wet',
        title: 'Architecten~titel~wet',
        hero_text: 'Wat de <strong>wet</strong> regelt.',
      },
      {
        id: 'eigen',
        slug: 'eigen',
        url: '/eigen',
        title: 'Eigen~titel',
        seo_title: 'Titel voor zoekmachines',
        seo_description: 'Beschrijving van de redactie.',
        og_title: 'Titel om te delen',
        og_description: 'Beschrijving om te delen.',
        hero_text: 'Niet deze heldentekst.',
      },
      { id: 'kaal', slug: 'kaal', url: '/kaal', title: 'Kaal' },
    ],
    en: [
      { id: 'home-en', slug: 'home', url: '/en', title: 'Home', components: [newsList] },
      { id: 'act', slug: 'act', url: '/en/act', title: 'Architects~Title~Act', hero_text: 'What the act says.' },
      { id: 'bare', slug: 'bare', url: '/en/bare', title: 'Bare' },
    ],
  },
  actualities: {
    default: [
      {
        id: 'jaarverslag',
        slug: 'jaarverslag',
        url: '/actualiteiten/jaarverslag',
        title: 'Jaar~verslag~register',
        date: '2026-11-02',
        intro: 'Het jaar van het register in het kort.',
        seo_description: '',
      },
      {
        id: 'tarieven',
        slug: 'tarieven',
        url: '/actualiteiten/tarieven',
        title: 'Tarieven',
        date: '2026-11-01',
        intro: 'Niet deze inleiding.',
        seo_description: 'De tarieven van 2027.',
      },
    ],
    en: [
      {
        id: 'annual-report',
        slug: 'annual-report',
        url: '/en/news/annual-report',
        title: 'Annual~report',
        date: '2026-11-02',
        intro: 'The year of the register in short.',
      },
    ],
  },
};

let fake: FakeCms;
let site: Site;

beforeAll(async () => {
  fake = await startFakeCms();
  fake.answer = (request) => {
    const url = new URL(request.url, fake.url);
    const collection = /^\/api\/collections\/([^/]+)\/entries$/.exec(url.pathname)?.[1] ?? '';
    const entries = ENTRIES[collection]?.[url.searchParams.get('filter[site]') ?? ''] ?? [];
    const slug = url.searchParams.get('filter[slug]');
    return list(slug === null ? entries : entries.filter((entry) => 'slug' in entry && entry.slug === slug));
  };
  site = await openSite({ CMS_API_URL: fake.apiUrl, CMS_API_KEY: 'fake-key' });
});
afterAll(async () => {
  await site.stop();
  await fake.close();
});

const decoded = (text: string) =>
  text
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The head and body of a page, with what the tests read of them. */
const view = async (path: string) => {
  const response = await get(site.url + path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const meta = (attribute: 'name' | 'property', key: string) =>
    decoded(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"/>`).exec(html)?.[1] ?? `(no ${key})`);
  return {
    html,
    title: decoded(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '(no title)'),
    h1: decoded(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '(no h1)'),
    description: meta('name', 'description'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    jsonLd: /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '',
  };
};

describe('titles', () => {
  it.each([
    ['/wet', 'Architectentitelwet', 'Architectenregister'],
    ['/en/act', 'ArchitectsTitleAct', 'Architects Register'],
    ['/actualiteiten/jaarverslag', 'Jaarverslagregister', 'Architectenregister'],
    ['/en/news/annual-report', 'Annualreport', 'Architects Register'],
  ])(
    '%s shows its title without ~ in the title, heading, Open Graph and structured data',
    async (path, shown, site) => {
      const page = await view(path);
      expect(page.title).toBe(`${shown} | ${site}`);
      expect(page.h1).toBe(shown);
      expect(page.ogTitle).toBe(`${shown} | ${site}`);
      expect(page.jsonLd).toContain(`"name":"${shown} | ${site}"`);
      // Nowhere else either: breadcrumbs, the client's page state in the inlined payload.
      expect(page.html).not.toContain('~');
    },
  );

  it('shows the titles of list cards without ~, in either language', async () => {
    const nl = await view('/');
    expect(nl.html).toMatch(/<a [^>]*href="\/actualiteiten\/jaarverslag"[^>]*>Jaarverslagregister<\/a>/);
    expect(nl.html).not.toContain('~');
    const en = await view('/en');
    expect(en.html).toMatch(/<a [^>]*href="\/en\/news\/annual-report"[^>]*>Annualreport<\/a>/);
    expect(en.html).not.toContain('~');
  });

  it("takes the editor's SEO and Open Graph titles over the entry's", async () => {
    const page = await view('/eigen');
    expect(page.title).toBe('Titel voor zoekmachines | Architectenregister');
    expect(page.h1).toBe('Eigentitel');
    expect(page.ogTitle).toBe('Titel om te delen');
  });
});

describe('meta descriptions', () => {
  it("take the editor's SEO description first, and its Open Graph description for sharing", async () => {
    const page = await view('/eigen');
    expect(page.description).toBe('Beschrijving van de redactie.');
    expect(page.ogDescription).toBe('Beschrijving om te delen.');
    expect((await view('/actualiteiten/tarieven')).description).toBe('De tarieven van 2027.');
  });

  it("take an entry's intro without an SEO description", async () => {
    for (const [path, intro] of [
      ['/actualiteiten/jaarverslag', 'Het jaar van het register in het kort.'],
      ['/en/news/annual-report', 'The year of the register in short.'],
    ] as const) {
      const page = await view(path);
      expect(page.description, path).toBe(intro);
      expect(page.ogDescription, path).toBe(intro);
    }
  });

  it("take a page's hero text, as plain text, without an SEO description", async () => {
    expect((await view('/wet')).description).toBe('Wat de wet regelt.');
    expect((await view('/en/act')).description).toBe('What the act says.');
  });

  it("fall back on the site's description in the page's language", async () => {
    for (const [path, locale] of [
      ['/kaal', 'nl'],
      ['/en/bare', 'en'],
    ] as const) {
      const page = await view(path);
      expect(page.description, path).toBe(SITE_DESCRIPTION[locale]);
      expect(page.ogDescription, path).toBe(SITE_DESCRIPTION[locale]);
    }
  });
});
