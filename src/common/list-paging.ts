import { LOCALES, otherLocale } from './routes.ts';
import type { Locale } from './routes.ts';

// The page number of a paged list (docs/specification.md section 9.15): `?pagina=N` on Dutch pages,
// `?page=N` on English ones, page 1 without a parameter. Pure: the page resolution reads it before
// anything is sent, the list block renders by it, the page cache keys by its parameters.

const PAGE_PARAMS: Record<Locale, string> = { nl: 'pagina', en: 'page' };

/** The page parameter of either language. */
export const LIST_PAGE_PARAMS: ReadonlySet<string> = new Set(LOCALES.map((locale) => PAGE_PARAMS[locale]));

/** Longer numbers are no page of any list; they answer 404 without being read as a number. */
const PAGE_NUMBER = /^\d{1,6}$/;

export type PageRequest =
  /** The page in its canonical form (1 when no parameter is given). */
  | { kind: 'page'; page: number }
  /** A page asked in another form (`?pagina=1`, `?pagina=02`, the other language's parameter): 301. */
  | { kind: 'moved'; page: number }
  /** Not a page number (`abc`, `0`, `-1`, too long, given twice): 404. */
  | { kind: 'invalid'; reason: string };

export const readPageRequest = (query: URLSearchParams, locale: Locale): PageRequest => {
  const own = query.getAll(PAGE_PARAMS[locale]);
  const foreign = query.getAll(PAGE_PARAMS[otherLocale(locale)]);
  const given = [...own, ...foreign];
  if (given.length === 0) return { kind: 'page', page: 1 };
  const [value] = given;
  if (given.length > 1 || value === undefined) return { kind: 'invalid', reason: 'more than one page number' };
  if (!PAGE_NUMBER.test(value)) return { kind: 'invalid', reason: `not a page number: ${value.slice(0, 20)}` };
  const page = Number(value);
  if (page < 1) return { kind: 'invalid', reason: 'page numbers start at 1' };
  return own.length === 1 && page > 1 && value === String(page) ? { kind: 'page', page } : { kind: 'moved', page };
};

/** How many pages `total` items make at `size` a page; an empty list is one (empty) page. */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));

/** The items of page `page` (from 1). */
export const pageItems = <T>(items: readonly T[], page: number, size: number): T[] =>
  items.slice((page - 1) * size, page * size);

/**
 * The URL of page `page` of the list at `path`: the other parameters (a filter) kept in their order, the
 * page parameter of `locale` last and only from page 2 on, the other language's left out.
 */
export const listPageHref = (path: string, query: URLSearchParams, locale: Locale, page: number): string => {
  const kept = new URLSearchParams([...query].filter(([name]) => !LIST_PAGE_PARAMS.has(name)));
  if (page > 1) kept.append(PAGE_PARAMS[locale], String(page));
  const search = kept.toString();
  return search ? `${path}?${search}` : path;
};
