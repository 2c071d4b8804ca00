import { fold } from './fold.ts';

// The filter of the news, events and courses lists (docs/specification.md section 3): search text and
// terms, read from the page's URL (`?search=&type=&discipline=`), so that a filtered list can be shared
// and works without JavaScript. Within a taxonomy any chosen term matches; across them, all must. Pure:
// the list renders it, the client state keys by it, the page cache keeps filtered lists by its
// parameters.

const FILTERED_COLLECTIONS = ['actualities', 'events', 'courses'] as const;
export type FilteredCollection = (typeof FILTERED_COLLECTIONS)[number];
export const isFilteredCollection = (collection: string): collection is FilteredCollection =>
  (FILTERED_COLLECTIONS as readonly string[]).includes(collection);

/** The URL parameter, the taxonomy whose terms it offers, and the entry field that holds the term(s). */
export interface FilterFacet {
  param: 'type' | 'discipline';
  taxonomy: 'actuality_types' | 'event_types' | 'course_types' | 'disciplines';
  field: 'actuality_type' | 'event_type' | 'course_type' | 'disciplines';
}

export const FACETS: Record<FilteredCollection, FilterFacet[]> = {
  actualities: [
    { param: 'type', taxonomy: 'actuality_types', field: 'actuality_type' },
    { param: 'discipline', taxonomy: 'disciplines', field: 'disciplines' },
  ],
  events: [{ param: 'type', taxonomy: 'event_types', field: 'event_type' }],
  courses: [
    { param: 'type', taxonomy: 'course_types', field: 'course_type' },
    { param: 'discipline', taxonomy: 'disciplines', field: 'disciplines' },
  ],
};

/** Every URL parameter of a list filter. */
export const FILTER_PARAMS: ReadonlySet<string> = new Set([
  'search',
  ...Object.values(FACETS).flatMap((facets) => facets.map(({ param }) => param)),
]);

export interface ListFilterValue {
  search: string;
  type: string[];
  discipline: string[];
}

const SLUG = /^[a-z0-9][a-z0-9_-]{0,99}$/;
const MAX_TERMS = 20;
const MAX_SEARCH_LENGTH = 100;

/**
 * The values of filter parameter `param` as the list reads them: the search text trimmed and cut (its first
 * value; none when empty), term slugs of the right shape only, each once, sorted, at most MAX_TERMS. The
 * page cache keys a list by them (src/common/page-query.ts), so two URLs the list reads alike are one page.
 */
export const normaliseFilterValues = (param: string, values: readonly string[]): string[] => {
  if (param === 'search') {
    // Trimmed again after the cut, so that reading it twice changes nothing.
    const search = (values[0] ?? '').trim().slice(0, MAX_SEARCH_LENGTH).trim();
    return search ? [search] : [];
  }
  return [...new Set(values.filter((value) => SLUG.test(value)))].sort().slice(0, MAX_TERMS);
};

/** The filter in `query`; malformed values are left out (a list shows rather than refuses). */
export const readListFilter = (query: URLSearchParams): ListFilterValue => ({
  search: normaliseFilterValues('search', query.getAll('search'))[0] ?? '',
  type: normaliseFilterValues('type', query.getAll('type')),
  discipline: normaliseFilterValues('discipline', query.getAll('discipline')),
});

export const isFiltering = (filter: ListFilterValue): boolean =>
  filter.search !== '' || filter.type.length > 0 || filter.discipline.length > 0;

/** What a filter matches a CMS term by. */
interface TermSlug {
  slug: string;
}

type Filterable = { title?: string | null; intro?: string | null } & Partial<
  Record<FilterFacet['field'], TermSlug | TermSlug[] | null>
>;

const termSlugs = (value: TermSlug | TermSlug[] | null | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).map((term) => term.slug);

export const matchesFilter = (collection: FilteredCollection, entry: Filterable, filter: ListFilterValue): boolean => {
  const haystack = fold(`${entry.title ?? ''} ${entry.intro ?? ''}`);
  if (
    !fold(filter.search)
      .split(/\s+/)
      .filter(Boolean)
      .every((word) => haystack.includes(word))
  )
    return false;
  return FACETS[collection].every(({ param, field }) => {
    const chosen = filter[param];
    return chosen.length === 0 || termSlugs(entry[field]).some((slug) => chosen.includes(slug));
  });
};
