import 'server-only';
import { getRequestContext, getSiteServices } from '../request-context.ts';
import type { AnyEntry } from '../cms/types.ts';
import { FACETS, isFilteredCollection } from '../common/list-filter.ts';
import type { FilterFacet } from '../common/list-filter.ts';
import type { PageFilters } from '../common/page-query.ts';
import { optionValue } from './page-builder/fields.ts';

// The list filters a page offers: the filter parameters of its lists whose set has `filters` on, and the
// terms of each taxonomy a term parameter of the URL names. The page reads only those (pageQuery): a value
// of a filter the page has not, or a term it does not know, changes nothing on it, and so neither is
// rendered into it nor keys it in the page cache.

const NONE: PageFilters = { params: new Set(), terms: new Map() };

/** The filters of the page of `found`; the terms asked for only for the term parameters `query` carries. */
export const pageFilters = async (found: AnyEntry, query: URLSearchParams): Promise<PageFilters> => {
  const { locale } = getRequestContext();
  const { cms, log } = getSiteServices();
  const sets: unknown[] =
    found.collection === 'pages' && Array.isArray(found.entry.components) ? found.entry.components : [];
  const facets: FilterFacet[] = sets.flatMap((set) => {
    if (typeof set !== 'object' || set === null) return [];
    const { type, filters, collection } = set as { type?: unknown; filters?: unknown; collection?: unknown };
    const listed = optionValue(collection);
    return type === 'collection_list' && filters === true && listed !== null && isFilteredCollection(listed)
      ? FACETS[listed]
      : [];
  });
  if (facets.length === 0) return NONE;
  const asked = facets.filter(({ param }) => query.has(param));
  const known = await Promise.all(
    asked.map(({ param, taxonomy }) =>
      cms.terms(taxonomy, locale).then(
        (terms) => [param, terms.map((term) => term.slug)] as const,
        // Unchecked then: the list block, which reads the same terms, says what failed.
        (error: unknown) => {
          log.warn({ err: error, taxonomy }, 'the terms of a list filter could not be read');
          return null;
        },
      ),
    ),
  );
  // A parameter is checked only against every taxonomy it names on the page (a term of one list is a term).
  const terms = new Map<string, Set<string>>();
  const unchecked = new Set(asked.filter((_facet, index) => known[index] === null).map(({ param }) => param));
  for (const entry of known)
    if (entry && !unchecked.has(entry[0])) terms.set(entry[0], new Set([...(terms.get(entry[0]) ?? []), ...entry[1]]));
  return { params: new Set(['search', ...facets.map(({ param }) => param)]), terms };
};
