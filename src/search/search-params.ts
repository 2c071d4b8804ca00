import { z } from 'zod';
import { paramsReader, text, wholeNumber } from '../query-params.ts';

// The query of the site search page (`?q=&type=&page=`) and of its JSON endpoint. Pure: read by the
// page (lenient) and by Express (strict).

export const SEARCH_TYPES = ['pages', 'actualities', 'events', 'courses', 'vacancies', 'publications'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** A longer query is refused by the API; the page searches its first MAX_QUERY_LENGTH characters. */
export const MAX_QUERY_PARAM_LENGTH = 2000;

const pageQuery = {
  q: text('q', MAX_QUERY_PARAM_LENGTH).default(''),
  type: z.enum(SEARCH_TYPES, { error: `type must be one of ${SEARCH_TYPES.join(', ')}` }).optional(),
  page: wholeNumber('page', 1, 1000, 1),
};

export const readSearchParams = paramsReader(pageQuery, 'lenient');

export const readSearchApiParams = paramsReader(
  {
    ...pageQuery,
    locale: z.enum(['nl', 'en'], { error: 'locale must be nl or en' }).default('nl'),
    perPage: wholeNumber('perPage', 1, 50, 8),
  },
  'strict',
);
