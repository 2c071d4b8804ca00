import MiniSearch from 'minisearch';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSiteSearch } from '../../src/search/site-search.ts';
import type { SiteSearch } from '../../src/common/search-params.ts';
import type { Segment } from '../../src/common/search-params.ts';
import { cmsOn } from '../helpers/cms-on-fake.ts';
import { list, startFakeCms } from '../helpers/fake-cms.ts';
import type { FakeCms, RecordedRequest } from '../helpers/fake-cms.ts';

// The site search over a CMS whose content each test decides, through the real CMS client and cache.

const log = { error: vi.fn(), warn: vi.fn() };
let fake: FakeCms;
let search: SiteSearch;

const pages = [
  {
    id: 'p1',
    title: 'Inschrijven in het register',
    slug: 'inschrijven',
    url: '/inschrijven',
    texts: ['Hoe u zich inschrijft'],
    components: [
      {
        id: 'c1',
        type: 'text',
        heading: 'Voorwaarden',
        text: '<p>U hebt een <strong>diploma</strong> nodig &amp; beroepservaring.</p>',
      },
    ],
  },
  {
    id: 'p2',
    title: 'Klachten',
    slug: 'klachten',
    url: '/klachten',
    components: [
      {
        id: 'c2',
        type: 'accordion',
        items: [{ question: 'Hoe dien ik een klacht in over een architect?', answer: '<p>Via het formulier.</p>' }],
      },
      { id: 'c3', type: 'animation', animation_data: { layers: [{ text: 'Inschrijven' }] } },
    ],
  },
  { id: 'p3', title: 'Café-overleg ~ Zürich', slug: 'cafe', url: '/cafe', components: [] },
  { id: 'p4', title: 'Oude pagina', slug: 'oud', url: '/oud', redirect: '/klachten' },
];
const entries: Record<string, unknown[]> = {
  actualities: [
    {
      id: 'a1',
      title: 'Nieuwe tarieven',
      slug: 'tarieven',
      url: '/tarieven',
      intro: 'Het inschrijven wordt goedkoper.',
      content: '<p>Vanaf 2027 betaalt u minder.</p>',
    },
    {
      id: 'a2',
      title: 'Architectuurprijs uitgereikt',
      slug: 'prijs',
      url: '/prijs',
      intro: 'Een prijs voor jonge ontwerpers.',
    },
  ],
  events: [
    {
      id: 'e1',
      title: 'Open dag',
      slug: 'open-dag',
      url: '/open-dag',
      intro: 'Maak kennis met het register.',
      location: 'Den Haag',
    },
  ],
  courses: [],
  vacancies: [
    {
      id: 'v1',
      title: 'Beleidsmedewerker',
      slug: 'beleid',
      url: '/beleid',
      intro: 'Werken aan inschrijven en herregistratie.',
    },
  ],
  publications: [],
};

const answerContent = (request: RecordedRequest) => {
  const collection = /collections\/(\w+)\/entries/.exec(request.url)?.[1];
  if (collection === 'pages') return list(pages);
  return list(collection ? (entries[collection] ?? []) : []);
};

const text = (segments: Segment[]) => segments.map((segment) => segment.text).join('');
const marked = (segments: Segment[]) => segments.filter((segment) => segment.match).map((segment) => segment.text);

beforeAll(async () => {
  fake = await startFakeCms();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.answer = answerContent;
  search = createSiteSearch(cmsOn(fake, log, { maxResponseBytes: 20 * 1024 * 1024 }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('matching', () => {
  it('finds titles, texts and components, without case or accents', async () => {
    for (const query of ['KLACHTEN', 'diploma', 'Cafe zurich', 'café ZÜRICH', 'formulier']) {
      const { hits } = await search.search({ locale: 'nl', query });
      expect(hits.length, query).toBeGreaterThan(0);
    }
    const { hits } = await search.search({ locale: 'nl', query: 'zurich' });
    expect(text(hits[0]!.title)).toBe('Café-overleg  Zürich');
    expect(marked(hits[0]!.title)).toEqual(['Zürich']);
  });

  it('matches the beginning of a word while typing, and forgives one typo in longer words', async () => {
    expect((await search.search({ locale: 'nl', query: 'beleidsmed' })).hits.map((hit) => hit.url)).toEqual([
      '/beleid',
    ]);
    expect((await search.search({ locale: 'nl', query: 'beleidsmedewerkre' })).total).toBe(0);
    expect((await search.search({ locale: 'nl', query: 'klachtem' })).hits[0]?.url).toBe('/klachten');
    // Short words must be spelled right: `dag` is not `dug`.
    expect((await search.search({ locale: 'nl', query: 'dug' })).total).toBe(0);
  });

  it('needs every word of the query', async () => {
    expect((await search.search({ locale: 'nl', query: 'open dag' })).hits.map((hit) => hit.url)).toEqual([
      '/open-dag',
    ]);
    expect((await search.search({ locale: 'nl', query: 'open zurich' })).total).toBe(0);
  });

  it('ranks a match in the title above matches in the text', async () => {
    const { hits } = await search.search({ locale: 'nl', query: 'inschrijven' });
    expect(hits[0]?.url).toBe('/inschrijven');
    expect(hits.map((hit) => hit.url)).toEqual(expect.arrayContaining(['/tarieven', '/beleid']));
  });

  it('leaves out redirects and the words of animation data', async () => {
    const { hits } = await search.search({ locale: 'nl', query: 'inschrijven' });
    expect(hits.map((hit) => hit.url)).not.toContain('/oud');
    expect(hits.map((hit) => hit.url)).not.toContain('/klachten');
  });
});

describe('results', () => {
  it('counts matches per type and filters by type', async () => {
    const all = await search.search({ locale: 'nl', query: 'inschrijven' });
    expect(all.counts).toMatchObject({ pages: 1, actualities: 1, vacancies: 1, events: 0 });
    expect(all.total).toBe(3);
    const news = await search.search({ locale: 'nl', query: 'inschrijven', type: 'actualities' });
    expect(news.total).toBe(1);
    expect(news.counts).toEqual(all.counts);
    expect(news.hits.map((hit) => hit.type)).toEqual(['actualities']);
  });

  it('shows a snippet of the text with the match marked, HTML read as text', async () => {
    const { hits } = await search.search({ locale: 'nl', query: 'diplo' });
    expect(text(hits[0]!.snippet)).toContain('U hebt een diploma nodig & beroepservaring.');
    expect(marked(hits[0]!.snippet)).toEqual(['diploma']);
  });

  it('pages through the matches', async () => {
    const first = await search.search({ locale: 'nl', query: 'inschrijven', perPage: 2 });
    const second = await search.search({ locale: 'nl', query: 'inschrijven', perPage: 2, page: 2 });
    expect(first.hits).toHaveLength(2);
    expect(second.hits).toHaveLength(1);
    expect(second.hits[0]?.url).not.toBe(first.hits[0]?.url);
  });

  it('answers an empty or blank query with no results, without asking the CMS', async () => {
    for (const query of ['', '   ', '\n\t']) {
      expect(await search.search({ locale: 'nl', query })).toMatchObject({ query: '', total: 0, hits: [] });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('handles a query of 1,000 characters or with markup as text', async () => {
    const long = await search.search({ locale: 'nl', query: 'klachten '.repeat(112) });
    expect(long.query.length).toBeLessThanOrEqual(200);
    expect(long.hits[0]?.url).toBe('/klachten');
    const markup = await search.search({ locale: 'nl', query: '<script>alert(1)</script> klachten' });
    expect(markup.query).toBe('<script>alert(1)</script> klachten');
    expect(markup.total).toBe(0);
  });
});

describe('the index', () => {
  it('is built once per language while the content is cached, and again when it was refreshed', async () => {
    const addAll = vi.spyOn(MiniSearch.prototype, 'addAll');
    vi.useFakeTimers({ toFake: ['Date'] });
    await search.search({ locale: 'nl', query: 'klachten' });
    await search.search({ locale: 'nl', query: 'register' });
    await search.search({ locale: 'en', query: 'register' });
    expect(addAll).toHaveBeenCalledTimes(2);

    entries.events = [{ id: 'e2', title: 'Symposium', slug: 'symposium', url: '/symposium' }];
    expect((await search.search({ locale: 'nl', query: 'symposium' })).total).toBe(0);
    vi.advanceTimersByTime(3_600_001);
    // The stale lists answer at once; the index follows the refreshed ones.
    await vi.waitFor(async () =>
      expect((await search.search({ locale: 'nl', query: 'symposium' })).hits[0]?.url).toBe('/symposium'),
    );
    const builds = addAll.mock.calls.length;
    expect(builds).toBeGreaterThanOrEqual(3);
    await search.search({ locale: 'nl', query: 'register' });
    await search.search({ locale: 'nl', query: 'open' });
    expect(addAll).toHaveBeenCalledTimes(builds);
  });
});
