import { SITES, TermRef } from '../content/model.ts';
import type { SiteHandle, StoredEntry } from '../content/model.ts';
import type { TaxonomyDef, TermDef } from '../content/taxonomies.ts';
import { isoDate } from '../content/ids.ts';
import { absoluteUrl, siteUrl } from './context.ts';
import type { ResourceContext } from './context.ts';
import { entryStatus } from './entry.ts';
import { sortKeys, termUri } from './values.ts';
import type { ApiValue } from './values.ts';

// The term resource (Statamic's TermResource). Terms exist once per site; without `filter[site]` the
// index lists each term once for every site.

export interface LocalizedTerm {
  taxonomy: TaxonomyDef;
  term: TermDef;
  site: SiteHandle;
}

const UPDATED_AT = isoDate('2026-06-02', '09:00');

/** Every term of a taxonomy in every site, in storage order (site by site). */
export const localizedTerms = (taxonomy: TaxonomyDef): LocalizedTerm[] =>
  SITES.flatMap((site) => taxonomy.terms.map((term) => ({ taxonomy, term, site })));

const hasTerm = (entry: StoredEntry, taxonomy: string, slug: string): boolean =>
  Object.values(entry.data).some((value) => {
    const values = Array.isArray(value) ? value : [value];
    return values.some((item) => item instanceof TermRef && item.taxonomy === taxonomy && item.slug === slug);
  });

/** The number of published entries in the term's site that carry the term. */
const entriesCount = (context: ResourceContext, { taxonomy, term, site }: LocalizedTerm): number =>
  context.store.entries.filter(
    (entry) =>
      entry.site === site && entryStatus(context, entry) === 'published' && hasTerm(entry, taxonomy.handle, term.slug),
  ).length;

export const termResource = (context: ResourceContext, localized: LocalizedTerm): Record<string, ApiValue> => {
  const { taxonomy, term, site } = localized;
  const uri = termUri(taxonomy.handle, term.slug);
  const url = siteUrl(site, uri);
  const taxonomyUri = `/${taxonomy.handle.replaceAll('_', '-')}`;
  const taxonomyUrl = siteUrl(site, taxonomyUri);
  return sortKeys({
    description: term.description ? term.description.in(site) : null,
    api_url: absoluteUrl(context, `/api/taxonomies/${taxonomy.handle}/terms/${term.slug}`),
    edit_url: absoluteUrl(context, `/cp/taxonomies/${taxonomy.handle}/terms/${term.slug}/${site}`),
    entries_count: entriesCount(context, localized),
    id: `${taxonomy.handle}::${term.slug}`,
    is_term: true,
    locale: site,
    permalink: absoluteUrl(context, url),
    slug: term.slug,
    taxonomy: {
      title: taxonomy.title,
      handle: taxonomy.handle,
      uri: taxonomyUri,
      url: taxonomyUrl,
      permalink: absoluteUrl(context, taxonomyUrl),
    },
    title: term.title.in(site),
    updated_at: UPDATED_AT,
    updated_by: null,
    uri,
    url,
  });
};

export const selectTermFields = (
  context: ResourceContext,
  localized: LocalizedTerm,
  fields: readonly string[],
): Record<string, ApiValue> => {
  const full = termResource(context, localized);
  return Object.fromEntries(fields.map((field) => [field, full[field] ?? null]));
};

/** A term's value for filters and sorting. */
export const termRawField = (context: ResourceContext, localized: LocalizedTerm, field: string): ApiValue => {
  if (field === 'site') return localized.site;
  const full = termResource(context, localized);
  const value = full[field.split('->')[0] ?? ''] ?? null;
  return field === 'taxonomy' ? localized.taxonomy.handle : value;
};
