import { z } from 'zod';
import { paramsReader, text, wholeNumber } from './query-params.ts';
import { ARCHITECT_TITLES, REGISTRATION_KINDS } from './register-types.ts';
import type { ArchitectQuery } from './register-types.ts';

// The query of the architect search: `/api/architects` reads it strictly, the search page leniently
// (its URL may carry other parameters). Bounds keep one request cheap.

/** The bounds of the query, which /api/openapi.json states too. */
export const ARCHITECT_QUERY_BOUNDS = {
  searchTermLength: 200,
  placeLength: 100,
  page: 10_000,
  perPage: 50,
  defaultPerPage: 20,
} as const;
const bounds = ARCHITECT_QUERY_BOUNDS;

const architectQuery = {
  searchTerm: text('searchTerm', bounds.searchTermLength).default(''),
  title: z.enum(ARCHITECT_TITLES, { error: `title must be one of ${ARCHITECT_TITLES.join(', ')}` }).optional(),
  place: text('place', bounds.placeLength).optional(),
  kind: z.enum(REGISTRATION_KINDS, { error: `kind must be one of ${REGISTRATION_KINDS.join(', ')}` }).optional(),
  page: wholeNumber('page', 1, bounds.page, 1),
  perPage: wholeNumber('perPage', 1, bounds.perPage, bounds.defaultPerPage),
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
