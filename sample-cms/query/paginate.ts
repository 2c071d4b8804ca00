import type { IndexQuery } from './params.ts';

// Laravel's LengthAwarePaginator as a JSON resource: `{data, links, meta}` with absolute page URLs built
// from the request path and the carried query, and `meta.links` windowed like Laravel's UrlWindow.

interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface PaginatedEnvelope<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: PageLink[];
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
}

const ON_EACH_SIDE = 3;
const PREVIOUS_LABEL = '&laquo; Previous';
const NEXT_LABEL = 'Next &raquo;';

/** RFC 3986 encoding, as PHP's `http_build_query(..., PHP_QUERY_RFC3986)`. */
const encode = (value: string): string =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** The URL of one page: the carried query with `page` set (in place when the request had one, else last). */
const pageUrl = (path: string, query: IndexQuery, page: number): string => {
  const { filters, limit, page: requestedPage, sort } = query.carried;
  const parts: string[] = filters.map(({ key, value }) => `${encode(`filter[${key}]`)}=${encode(value)}`);
  if (limit !== null) parts.push(`limit=${encode(limit)}`);
  if (requestedPage !== null) parts.push(`page=${page}`);
  if (sort !== null) parts.push(`sort=${encode(sort)}`);
  if (requestedPage === null) parts.push(`page=${page}`);
  return `${path}?${parts.join('&')}`;
};

/** The page numbers shown, with null for a `...` gap (Laravel's UrlWindow with onEachSide 3). */
const pageWindow = (current: number, last: number): (number | null)[] => {
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
  if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
  const window = ON_EACH_SIDE + 4;
  if (current <= window) return [...range(1, window + ON_EACH_SIDE), null, last - 1, last];
  if (current > last - window) return [1, 2, null, ...range(last - (window + (ON_EACH_SIDE - 1)), last)];
  return [1, 2, null, ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), null, last - 1, last];
};

export const paginate = <T>(items: readonly T[], query: IndexQuery, path: string): PaginatedEnvelope<T> => {
  const perPage = query.limit;
  const current = query.page;
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const data = items.slice((current - 1) * perPage, current * perPage);
  const from = data.length > 0 ? (current - 1) * perPage + 1 : null;
  const to = from === null ? null : from + data.length - 1;
  const prev = current > 1 ? pageUrl(path, query, current - 1) : null;
  const next = current < lastPage ? pageUrl(path, query, current + 1) : null;
  const links: PageLink[] = [
    { url: prev, label: PREVIOUS_LABEL, active: false },
    ...pageWindow(current, lastPage).map((page) =>
      page === null
        ? { url: null, label: '...', active: false }
        : { url: pageUrl(path, query, page), label: String(page), active: page === current },
    ),
    { url: next, label: NEXT_LABEL, active: false },
  ];
  return {
    data,
    links: { first: pageUrl(path, query, 1), last: pageUrl(path, query, lastPage), prev, next },
    meta: { current_page: current, from, last_page: lastPage, links, path, per_page: perPage, to, total },
  };
};
