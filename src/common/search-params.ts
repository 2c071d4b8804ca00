import { z } from 'zod';
import { paramsReader, text, wholeNumber } from './query-params.ts';
import type { Locale } from './routes.ts';

// The site search's query (`?q=&type=&page=`, read by the page leniently and by Express strictly) and
// its results' shape, which the browser's overlay reads too. Pure: nothing here is server-only.

export const SEARCH_TYPES = ['pages', 'actualities', 'events', 'courses', 'vacancies', 'publications'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** A piece of a result's title or snippet, marked when it matched the query. */
export interface Segment {
  text: string;
  match: boolean;
}

interface SearchHit {
  type: SearchType;
  url: string;
  title: Segment[];
  snippet: Segment[];
}

export interface SearchResults {
  /** The query as searched: trimmed, whitespace collapsed, cut to MAX_QUERY_LENGTH. */
  query: string;
  type: SearchType | null;
  /** Matches per type, whatever `type` is. */
  counts: Record<SearchType, number>;
  /** Matches of `type` (all types when null). */
  total: number;
  page: number;
  perPage: number;
  hits: SearchHit[];
}

export interface SearchRequest {
  locale: Locale;
  query: string;
  type?: SearchType | null;
  page?: number;
  perPage?: number;
}

export interface SiteSearch {
  search(request: SearchRequest): Promise<SearchResults>;
}

/** A longer query is refused by the API; the page searches its first MAX_QUERY_LENGTH characters. */
const MAX_QUERY_PARAM_LENGTH = 2000;

const pageQuery = {
  q: text('q', MAX_QUERY_PARAM_LENGTH).default(''),
  type: z.enum(SEARCH_TYPES, { error: `type must be one of ${SEARCH_TYPES.join(', ')}` }).optional(),
  page: wholeNumber('page', 1, 1000, 1),
};

export const readSearchParams = paramsReader(pageQuery, 'lenient');

/** What the search page reads of its URL. */
export const SEARCH_PAGE_PARAMS: readonly string[] = Object.keys(pageQuery);

export const readSearchApiParams = paramsReader(
  {
    ...pageQuery,
    locale: z.enum(['nl', 'en'], { error: 'locale must be nl or en' }).default('nl'),
    perPage: wholeNumber('perPage', 1, 50, 8),
  },
  'strict',
);
