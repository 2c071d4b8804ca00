import { ASSET_CONTAINER } from '../content/assets.ts';
import { AssetRef, EntryLinkRef, PublicUrlRef, TermRef } from '../content/model.ts';
import type { FieldValue, SiteHandle, StoredEntry } from '../content/model.ts';
import { findTaxonomy } from '../content/taxonomies.ts';
import { assetPdfSize } from '../media/pdf.ts';
import { absoluteUrl, siteUrl } from './context.ts';
import type { ResourceContext } from './context.ts';

// Field values as the API shows them (Statamic's shallow augmentation): assets and terms become their
// shallow objects, entry links become URLs, and relations are localized to the reading entry's site.

export type ApiValue = string | number | boolean | null | ApiValue[] | { [key: string]: ApiValue };

/**
 * A document's asset fields as its blueprint augments them (`extension`, `mime_type`, `size` in bytes):
 * the truth about the PDF the service serves for it. Images and animations carry none.
 */
const documentFields = (context: ResourceContext, asset: AssetRef): Record<string, ApiValue> => {
  const info = context.store.assets.get(asset.path);
  return info?.kind === 'document' ? { extension: 'pdf', mime_type: 'application/pdf', size: assetPdfSize(info) } : {};
};

/** A nested asset: `{id, url, permalink, api_url, alt}`, and a document's file fields. */
const assetObject = (context: ResourceContext, asset: AssetRef): ApiValue => ({
  id: `${ASSET_CONTAINER}::${asset.path}`,
  url: `/assets/${asset.path}`,
  permalink: absoluteUrl(context, `/assets/${asset.path}`),
  api_url: absoluteUrl(context, `/api/assets/${ASSET_CONTAINER}/${asset.path}`),
  alt: typeof asset.alt === 'string' ? asset.alt : null,
  ...documentFields(context, asset),
});

/** A term's URI: `/{taxonomy with - for _}/{slug}`. */
export const termUri = (taxonomy: string, slug: string): string => `/${taxonomy.replaceAll('_', '-')}/${slug}`;

/** A nested term: `{id, title, slug, url, permalink, api_url}`, titled in the reading site. */
const termObject = (context: ResourceContext, term: TermRef, site: SiteHandle): ApiValue => {
  const definition = findTaxonomy(term.taxonomy)?.terms.find((candidate) => candidate.slug === term.slug);
  const url = siteUrl(site, termUri(term.taxonomy, term.slug));
  return {
    id: `${term.taxonomy}::${term.slug}`,
    title: definition ? definition.title.in(site) : term.slug,
    slug: term.slug,
    url,
    permalink: absoluteUrl(context, url),
    api_url: absoluteUrl(context, `/api/taxonomies/${term.taxonomy}/terms/${term.slug}`),
  };
};

/** The entry a link points to, in the reading site; its origin when it has no translation there. */
const linkTarget = (context: ResourceContext, link: EntryLinkRef, site: SiteHandle): StoredEntry | undefined =>
  context.store.findByKey(link.key, site) ?? context.store.findByKey(link.key, 'default');

/** An entry's URL without following its redirect (null when its collection has no route). */
const ownUrl = (entry: StoredEntry): string | null => (entry.uri === null ? null : siteUrl(entry.site, entry.uri));

/** An entry's URL: the redirect target when it redirects, as Statamic's `url` is. */
export const entryUrl = (context: ResourceContext, entry: StoredEntry): string | null => {
  const redirect = entry.data.redirect;
  if (redirect instanceof EntryLinkRef) {
    const target = linkTarget(context, redirect, entry.site);
    if (target && target !== entry) return entryUrl(context, target);
  }
  if (typeof redirect === 'string') return redirect;
  return ownUrl(entry);
};

export const resolveValue = (context: ResourceContext, value: FieldValue, site: SiteHandle): ApiValue => {
  if (value instanceof AssetRef) return assetObject(context, value);
  if (value instanceof TermRef) return termObject(context, value, site);
  if (value instanceof EntryLinkRef) {
    const target = linkTarget(context, value, site);
    return target ? entryUrl(context, target) : null;
  }
  if (value instanceof PublicUrlRef) return absoluteUrl(context, value.path);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: FieldValue) => resolveValue(context, item, site));
  return Object.fromEntries(
    Object.entries(value as Record<string, FieldValue>).map(([key, item]) => [key, resolveValue(context, item, site)]),
  );
};

/**
 * The value a filter or sort compares: a term's slug, an asset's path, a link's URL; lists become lists of
 * those. This is what Statamic's query builder sees (the stored value, not the augmented one).
 */
export const rawValue = (context: ResourceContext, value: FieldValue, site: SiteHandle): ApiValue => {
  if (value instanceof AssetRef) return value.path;
  if (value instanceof TermRef) return value.slug;
  if (value instanceof EntryLinkRef || value instanceof PublicUrlRef) return resolveValue(context, value, site);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: FieldValue) => rawValue(context, item, site));
  return Object.fromEntries(
    Object.entries(value as Record<string, FieldValue>).map(([key, item]) => [key, rawValue(context, item, site)]),
  );
};

/** Keys sorted in byte order, as Statamic returns an augmented entry without `fields`. */
export const sortKeys = (record: Record<string, ApiValue>): Record<string, ApiValue> =>
  Object.fromEntries(
    Object.keys(record)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((key) => [key, record[key] ?? null]),
  );
