import { FILTER_PARAMS, normaliseFilterValues } from './list-filter.ts';

// The query a page is rendered from, which is also the query its page-cache key keeps: what a visitor
// brought that changes nothing (campaign and click ids) is left out, and a list filter's values are
// read as the list reads them. A page kept for everyone then carries nothing of the visitor who first
// asked for it, and a URL the page reads alike is the same kept page. Pure: the host keys by it, the
// page resolution narrows it to the filters the page has.

/** Campaign and click ids: read by analytics from the address bar, never by a page. */
const TRACKING = /^(utm_[a-z]+|fbclid|gclid|msclkid|mc_[a-z]+)$/;

export const isTrackingParam = (name: string): boolean => TRACKING.test(name);

/**
 * What a page has of the list filters: the filter parameters it reads, and for each term parameter the
 * terms it knows (undefined: not asked, as no value of it was given). Without it (`'any'`), every filter
 * parameter counts with any value of the right shape: the host's reading, before the page is known.
 */
export interface PageFilters {
  params: ReadonlySet<string>;
  terms: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * `query` without tracking parameters, each filter parameter's values normalised (and, with `filters`,
 * only the parameters the page has, only terms it knows), every parameter in one order (by name, then
 * value): URLs a page reads alike give one query.
 */
export const pageQuery = (query: URLSearchParams, filters: PageFilters | 'any' = 'any'): URLSearchParams => {
  const kept: Array<[string, string]> = [];
  for (const name of new Set(query.keys())) {
    if (isTrackingParam(name)) continue;
    if (!FILTER_PARAMS.has(name)) {
      for (const value of query.getAll(name)) kept.push([name, value]);
      continue;
    }
    if (filters !== 'any' && !filters.params.has(name)) continue;
    const known = filters === 'any' ? undefined : filters.terms.get(name);
    for (const value of normaliseFilterValues(name, query.getAll(name)))
      if (!known || known.has(value)) kept.push([name, value]);
  }
  kept.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return new URLSearchParams(kept);
};

/** `?query`, or '' for none. */
export const searchString = (query: URLSearchParams): string => {
  const search = query.toString();
  return search ? `?${search}` : '';
};
