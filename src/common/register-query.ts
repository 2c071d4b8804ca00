import { z } from 'zod';
import { paramsReader, text, wholeNumber } from './query-params.ts';
import { ARCHITECT_TITLES, REGISTRATION_KINDS } from './register-types.ts';
import type { ArchitectQuery } from './register-types.ts';

// The query of the architect search: `/api/architects` reads it strictly, the search page leniently
// (its URL may carry other parameters). Bounds keep one request cheap.

const MAX_SEARCH_TERM_LENGTH = 200;
const MAX_PLACE_LENGTH = 100;
const MAX_PAGE = 10_000;
const MAX_PER_PAGE = 50;
const DEFAULT_PER_PAGE = 20;

const architectQuery = {
  searchTerm: text('searchTerm', MAX_SEARCH_TERM_LENGTH).default(''),
  title: z.enum(ARCHITECT_TITLES, { error: `title must be one of ${ARCHITECT_TITLES.join(', ')}` }).optional(),
  place: text('place', MAX_PLACE_LENGTH).optional(),
  kind: z.enum(REGISTRATION_KINDS, { error: `kind must be one of ${REGISTRATION_KINDS.join(', ')}` }).optional(),
  page: wholeNumber('page', 1, MAX_PAGE, 1),
  perPage: wholeNumber('perPage', 1, MAX_PER_PAGE, DEFAULT_PER_PAGE),
};

/** What the architect search page reads of its URL. */
export const ARCHITECT_QUERY_PARAMS: readonly string[] = Object.keys(architectQuery);

export type ArchitectQueryResult = { ok: true; query: ArchitectQuery } | { ok: false; message: string };

const readers = { strict: paramsReader(architectQuery, 'strict'), lenient: paramsReader(architectQuery, 'lenient') };

export const parseArchitectQuery = (params: URLSearchParams, mode: 'strict' | 'lenient'): ArchitectQueryResult => {
  const read = readers[mode](params);
  if (!read.ok) return read;
  const { searchTerm, title, place, kind, page, perPage } = read.value;
  return {
    ok: true,
    query: { searchTerm, title: title ?? null, place: place || null, kind: kind ?? null, page, perPage },
  };
};
