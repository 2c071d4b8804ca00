import { createHash, timingSafeEqual } from 'node:crypto';
import { allowedFilterNames } from '../allowed-filters.ts';
import type { AllowedFilters } from '../allowed-filters.ts';
import { DEFAULT_SITE, SITES } from '../content/model.ts';
import type { SiteHandle, StoredEntry } from '../content/model.ts';
import { findNav } from '../content/navs.ts';
import { findTaxonomy } from '../content/taxonomies.ts';
import { buildPredicate, forbiddenFilterMessage } from '../query/filters.ts';
import type { FilterTarget } from '../query/filters.ts';
import { paginate } from '../query/paginate.ts';
import { parseIndexQuery } from '../query/params.ts';
import { sortItems } from '../query/sort.ts';
import { absoluteUrl } from '../resources/context.ts';
import type { LivePreviews } from '../content/live-previews.ts';
import type { ResourceContext } from '../resources/context.ts';
import { entryRawField, entryResource, entryStatus, entryTermIds, selectEntryFields } from '../resources/entry.ts';
import { globalSetResource } from '../resources/globals.ts';
import { navTree } from '../resources/nav.ts';
import { localizedTerms, selectTermFields, termRawField, termResource } from '../resources/term.ts';
import type { LocalizedTerm } from '../resources/term.ts';
import { jsonReply, notFound } from './reply.ts';
import type { Reply } from './reply.ts';

// The Statamic REST API routes. Order of checks per request, as in Statamic: the route and its resource
// (404), then the filters (422), then the query.

export interface ApiOptions {
  context: ResourceContext;
  previewToken: string;
  livePreviews: LivePreviews;
  allowedFilters: AllowedFilters;
}

interface ApiRequest {
  /** Path segments after `/api`, decoded. */
  segments: readonly string[];
  params: URLSearchParams;
  /** The request path, for the `path` and page URLs of paginated answers. */
  path: string;
}

const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

export const isSite = (value: string): value is SiteHandle => (SITES as readonly string[]).includes(value);

/** `?site=` on an index constrains it to that site (compared case-insensitively, like `filter[site]`). */
const inSite = <T>(items: readonly T[], site: string | null, siteOf: (item: T) => string): readonly T[] =>
  site === null ? items : items.filter((item) => siteOf(item).toLowerCase() === site.toLowerCase());

const entriesIndex = (options: ApiOptions, handle: string, request: ApiRequest): Reply => {
  const { context } = options;
  if (!context.store.collection(handle)) return notFound();
  const query = parseIndexQuery(request.params);
  const forbidden = forbiddenFilterMessage(
    query.filters,
    allowedFilterNames(options.allowedFilters.collections, handle),
  );
  if (forbidden) return jsonReply(422, { message: forbidden });

  // Unless the request filters on status itself, only published entries are listed.
  const filtersOnStatus = query.filters.some(({ key }) => ['status', 'published'].includes(key.split(':')[0] ?? ''));
  const filters = filtersOnStatus ? query.filters : [...query.filters, { key: 'status:is', value: 'published' }];
  const field = (entry: StoredEntry, name: string) => entryRawField(context, entry, name);
  const target: FilterTarget<StoredEntry> = {
    field,
    termIds: entryTermIds,
    status: (entry) => entryStatus(context, entry),
  };
  const matches = buildPredicate(filters, target, context.now());

  const entries = inSite(
    context.store.entries.filter((entry) => entry.collection === handle),
    query.site,
    (entry) => entry.site,
  ).filter(matches);
  const page = paginate(sortItems(entries, query.sort, field), query, absoluteUrl(context, request.path));
  const fields = query.fields;
  return jsonReply(200, {
    ...page,
    data: page.data.map((entry) =>
      fields ? selectEntryFields(context, entry, fields) : entryResource(context, entry),
    ),
  });
};

const entryShow = (options: ApiOptions, handle: string, id: string, request: ApiRequest): Reply => {
  const { context } = options;
  if (!context.store.collection(handle)) return notFound();
  const found = context.store.findById(id);
  const site = request.params.get('site');
  // `?site=` shows the entry's translation in that site.
  const entry = found && site ? (isSite(site) ? context.store.findByKey(found.key, site) : undefined) : found;
  if (!entry || entry.collection !== handle) return notFound();
  // A draft only for Statamic's live preview: the request's `token` must be the preview token, or one
  // standing for an editor's unsaved state of this entry, which it then shows.
  const token = request.params.get('token');
  const unsaved = token === null ? null : options.livePreviews.find(token, entry.id);
  const previewing = unsaved !== null || (token !== null && sameSecret(token, options.previewToken));
  if (!entry.published && !previewing) return notFound();
  return jsonReply(200, {
    data: entryResource(context, unsaved ? { ...entry, data: { ...entry.data, ...unsaved } } : entry),
  });
};

const termsIndex = (options: ApiOptions, handle: string, request: ApiRequest): Reply => {
  const { context } = options;
  const taxonomy = findTaxonomy(handle);
  if (!taxonomy) return notFound();
  const query = parseIndexQuery(request.params);
  const forbidden = forbiddenFilterMessage(
    query.filters,
    allowedFilterNames(options.allowedFilters.taxonomies, handle),
  );
  if (forbidden) return jsonReply(422, { message: forbidden });

  const field = (term: LocalizedTerm, name: string) => termRawField(context, term, name);
  const matches = buildPredicate(query.filters, { field }, context.now());
  const terms = inSite(localizedTerms(taxonomy), query.site, (term) => term.site).filter(matches);
  const page = paginate(sortItems(terms, query.sort, field), query, absoluteUrl(context, request.path));
  const fields = query.fields;
  return jsonReply(200, {
    ...page,
    data: page.data.map((term) => (fields ? selectTermFields(context, term, fields) : termResource(context, term))),
  });
};

const termShow = (options: ApiOptions, handle: string, slug: string, request: ApiRequest): Reply => {
  const site = request.params.get('site') || DEFAULT_SITE;
  const taxonomy = findTaxonomy(handle);
  const term = taxonomy?.terms.find((candidate) => candidate.slug === slug);
  if (!taxonomy || !term || !isSite(site)) return notFound();
  return jsonReply(200, { data: termResource(options.context, { taxonomy, term, site }) });
};

const navShow = (options: ApiOptions, handle: string, request: ApiRequest): Reply => {
  const nav = findNav(handle);
  const site = request.params.get('site') || DEFAULT_SITE;
  if (!nav || !isSite(site)) return notFound();
  const fields = request.params.get('fields');
  const maxDepth = Number.parseInt(request.params.get('max_depth') ?? '', 10);
  const tree = navTree(options.context, nav, {
    site,
    fields: fields
      ? fields
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : null,
    maxDepth: Number.isInteger(maxDepth) && maxDepth > 0 ? maxDepth : null,
  });
  return jsonReply(200, { data: tree });
};

const globalsIndex = (options: ApiOptions, request: ApiRequest): Reply => {
  const site = request.params.get('site') || DEFAULT_SITE;
  if (!isSite(site)) return notFound();
  return jsonReply(200, {
    data: options.context.store.globals.map((set) => globalSetResource(options.context, set, site)),
  });
};

const globalShow = (options: ApiOptions, handle: string, request: ApiRequest): Reply => {
  const set = options.context.store.globals.find((candidate) => candidate.handle === handle);
  const site = request.params.get('site') || DEFAULT_SITE;
  if (!set || !isSite(site)) return notFound();
  return jsonReply(200, { data: globalSetResource(options.context, set, site) });
};

export const handleApi = (options: ApiOptions, request: ApiRequest): Reply => {
  const [resource, handle, sub, id, ...rest] = request.segments;
  if (rest.length > 0 || resource === undefined) return notFound();
  if (resource === 'collections' && handle && sub === 'entries') {
    return id === undefined ? entriesIndex(options, handle, request) : entryShow(options, handle, id, request);
  }
  if (resource === 'taxonomies' && handle && sub === 'terms') {
    return id === undefined ? termsIndex(options, handle, request) : termShow(options, handle, id, request);
  }
  if (resource === 'navs' && handle && sub === 'tree' && id === undefined) return navShow(options, handle, request);
  if (resource === 'globals' && sub === undefined) {
    return handle === undefined ? globalsIndex(options, request) : globalShow(options, handle, request);
  }
  return notFound();
};

/** Whether a request carries the API key in the configured header (name compared case-insensitively). */
export const isAuthorized = (headerValue: string | string[] | undefined, apiKey: string): boolean =>
  typeof headerValue === 'string' && sameSecret(headerValue, apiKey);
