import 'server-only';
import MiniSearch from 'minisearch';
import type { Cms } from '../cms/cms.ts';
import { remember } from '../common/remember.ts';
import { LIST_COLLECTIONS } from '../cms/types.ts';
import type { EntryBase, ListCollection, Page } from '../cms/types.ts';
import type { Locale } from '../common/routes.ts';
import { displayTitle } from '../cms/format.ts';
import { fold } from '../common/fold.ts';
import { htmlText } from './html-text.ts';
import type { SearchResults, SearchType, SiteSearch } from '../common/search-params.ts';
import { highlight, snippet } from './snippet.ts';

// The site search: a full-text index per language over pages and the five lists, built from the
// cached CMS content and rebuilt only when one of them was refreshed, never per request.

/** Longer queries are cut here: a pasted page of text must not cost more than a sentence. */
const MAX_QUERY_LENGTH = 200;
const MAX_QUERY_TERMS = 12;
const SEARCH_PER_PAGE = 20;

interface SearchDocument {
  id: string;
  type: SearchType;
  title: string;
  text: string;
  url: string;
}

const normalizeQuery = (query: string): string => query.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim();

// Field values whose words a visitor reads on a page; ids, URLs, assets and animation data are not.
const TEXT_KEYS = new Set([
  'heading',
  'text',
  'quote',
  'author',
  'caption',
  'question',
  'answer',
  'title',
  'label',
  'value',
  'button_label',
  'hero_text',
]);

// Animation data is a Lottie document: its strings are layer names, not text anyone reads.
const SKIPPED_KEYS = new Set(['animation_data']);

const collectText = (value: unknown, into: string[], readable: boolean): void => {
  if (typeof value === 'string') {
    if (readable && value) into.push(htmlText(value));
  } else if (Array.isArray(value)) {
    for (const item of value) collectText(item, into, readable);
  } else if (typeof value === 'object' && value !== null) {
    for (const [field, nested] of Object.entries(value)) {
      if (!SKIPPED_KEYS.has(field)) collectText(nested, into, TEXT_KEYS.has(field));
    }
  }
};

const pageDocument = (page: Page): SearchDocument => {
  const texts: string[] = [];
  collectText([page.hero_text, page.texts], texts, true);
  collectText(page.components, texts, false);
  return {
    id: `pages:${page.id}`,
    type: 'pages',
    title: displayTitle(page.title),
    text: texts.join(' '),
    url: page.url ?? '',
  };
};

const listDocument = (
  type: ListCollection,
  entry: EntryBase & { intro?: string | null; content?: string | null; location?: string | null },
): SearchDocument => ({
  id: `${type}:${entry.id}`,
  type,
  title: displayTitle(entry.title),
  text: [entry.intro, entry.location, entry.content]
    .filter((part): part is string => typeof part === 'string')
    .map(htmlText)
    .join(' '),
  url: entry.url ?? '',
});

/** One term per word, folded; MiniSearch's own tokenizer splits on spaces and punctuation. */
const processTerm = (term: string): string | null => fold(term) || null;

const buildIndex = (documents: SearchDocument[]) => {
  const index = new MiniSearch<SearchDocument>({
    fields: ['title', 'text'],
    processTerm,
    searchOptions: {
      boost: { title: 3 },
      combineWith: 'AND',
      prefix: true,
      // One typo is forgiven in words of five letters or more; shorter ones must be spelled right.
      fuzzy: (term) => (term.length >= 5 ? 1 : false),
    },
  });
  index.addAll(documents);
  return { index, documents: new Map(documents.map((document) => [document.id, document])) };
};

type BuiltIndex = ReturnType<typeof buildIndex>;

const emptyCounts = (): Record<SearchType, number> => ({
  pages: 0,
  actualities: 0,
  events: 0,
  courses: 0,
  vacancies: 0,
  publications: 0,
});

export const createSiteSearch = (cms: Cms): SiteSearch => {
  const indexes = new Map<Locale, (sources: unknown[]) => BuiltIndex>();
  const indexFrom = (sources: unknown[]): BuiltIndex => {
    const [pages, ...lists] = sources as [Page[], ...EntryBase[][]];
    return buildIndex([
      ...pages.filter((page) => page.url && !page.redirect).map(pageDocument),
      ...lists.flatMap((entries, position) =>
        entries
          .filter((entry) => entry.url && !entry.redirect)
          .map((entry) => listDocument(LIST_COLLECTIONS[position]!, entry)),
      ),
    ]);
  };

  const indexFor = async (locale: Locale): Promise<BuiltIndex> => {
    const sources = await Promise.all([cms.pages(locale), ...LIST_COLLECTIONS.map((list) => cms.list(list, locale))]);
    if (!indexes.has(locale)) indexes.set(locale, remember(indexFrom, { per: 'last sources' }));
    return indexes.get(locale)!(sources);
  };

  return {
    async search({ locale, query, type = null, page = 1, perPage = SEARCH_PER_PAGE }) {
      const searched = normalizeQuery(query);
      const results: SearchResults = {
        query: searched,
        type,
        counts: emptyCounts(),
        total: 0,
        page,
        perPage,
        hits: [],
      };
      if (!searched) return results;

      const { index, documents } = await indexFor(locale);
      const words = searched.split(' ').slice(0, MAX_QUERY_TERMS).join(' ');
      const matches = index.search(words);
      for (const match of matches) results.counts[documents.get(String(match.id))!.type] += 1;
      const shown = type ? matches.filter((match) => documents.get(String(match.id))!.type === type) : matches;
      results.total = shown.length;
      results.hits = shown.slice((page - 1) * perPage, page * perPage).map((match) => {
        const document = documents.get(String(match.id))!;
        return {
          type: document.type,
          url: document.url,
          title: highlight(document.title, match.terms),
          snippet: snippet(document.text, match.terms),
        };
      });
      return results;
    },
  };
};
