import { COLLECTIONS } from '../content/collections.ts';
import type { CollectionConfig } from '../content/collections.ts';
import { TermRef } from '../content/model.ts';
import type { StoredEntry } from '../content/model.ts';
import { absoluteUrl, parseStatamicDate } from './context.ts';
import type { ResourceContext } from './context.ts';
import { entryUrl, rawValue, resolveValue, sortKeys } from './values.ts';
import type { ApiValue } from './values.ts';

// The entry resource (Statamic's EntryResource): common keys, blueprint fields and the entry's data,
// augmented shallowly, keys sorted. With `fields` only the named keys are returned, in that order.

export type EntryStatus = 'published' | 'draft' | 'scheduled' | 'expired';

const collectionOf = (context: ResourceContext, entry: StoredEntry): CollectionConfig => {
  const config = context.store.collection(entry.collection);
  if (!config) throw new Error(`entry ${entry.id} has an unknown collection ${entry.collection}`);
  return config;
};

/** Published, draft, or (dated collections with private dates) scheduled / expired. */
export const entryStatus = (context: ResourceContext, entry: StoredEntry): EntryStatus => {
  if (!entry.published) return 'draft';
  const config = collectionOf(context, entry);
  if (!config.dated || entry.date === null) return 'published';
  const date = parseStatamicDate(entry.date);
  const now = context.now().getTime();
  if (date > now && config.futureDateBehavior === 'private') return 'scheduled';
  if (date < now && config.pastDateBehavior === 'private') return 'expired';
  return 'published';
};

const parentOf = (context: ResourceContext, entry: StoredEntry): StoredEntry | undefined =>
  entry.parentKey === null ? undefined : context.store.findByKey(entry.parentKey, entry.site);

/** A related entry, shallow: `{id, title, url, permalink, api_url}`. */
const shallowEntry = (context: ResourceContext, entry: StoredEntry): ApiValue => {
  const url = entryUrl(context, entry);
  return {
    id: entry.id,
    title: (entry.data.title as string | undefined) ?? null,
    url,
    permalink: url === null ? null : absoluteUrl(context, url),
    api_url: absoluteUrl(context, `/api/collections/${entry.collection}/entries/${entry.id}`),
  };
};

/** The common keys Statamic adds to every entry. */
const commonKeys = (context: ResourceContext, entry: StoredEntry): Record<string, ApiValue> => {
  const config = collectionOf(context, entry);
  const url = entryUrl(context, entry);
  const status = entryStatus(context, entry);
  const mounted = COLLECTIONS.find((candidate) => candidate.mountKey === entry.key && entry.collection === 'pages');
  return {
    id: entry.id,
    origin_id: entry.originId,
    slug: entry.slug,
    uri: entry.uri,
    url,
    edit_url: absoluteUrl(context, `/cp/collections/${entry.collection}/entries/${entry.id}`),
    permalink: url === null ? null : absoluteUrl(context, url),
    api_url: absoluteUrl(context, `/api/collections/${entry.collection}/entries/${entry.id}`),
    status,
    published: entry.published,
    private: status === 'scheduled' || status === 'expired',
    date: config.dated ? entry.date : null,
    order: entry.order,
    is_entry: true,
    collection: { title: config.title, handle: config.handle },
    blueprint: { ...config.blueprint },
    mount: mounted ? { title: mounted.title, handle: mounted.handle } : null,
    locale: entry.site,
    last_modified: entry.updatedAt,
    updated_at: entry.updatedAt,
    // Statamic shows the last editor (with e-mail); the sample content has none, which also keeps mails out.
    updated_by: null,
  };
};

/** Every key of the full resource, sorted, as the show endpoint and an index without `fields` return it. */
export const entryResource = (context: ResourceContext, entry: StoredEntry): Record<string, ApiValue> => {
  const config = collectionOf(context, entry);
  const values: Record<string, ApiValue> = {};
  for (const [key, value] of Object.entries({ ...config.fields, ...entry.data })) {
    values[key] = resolveValue(context, value, entry.site);
  }
  return sortKeys({ ...values, ...commonKeys(context, entry) });
};

/**
 * The keys named in `fields`, in that order; unknown keys are null. `parent` is available on pages,
 * as Statamic resolves it through the entry's `parent()` method.
 */
export const selectEntryFields = (
  context: ResourceContext,
  entry: StoredEntry,
  fields: readonly string[],
): Record<string, ApiValue> => {
  const full = entryResource(context, entry);
  const parent = parentOf(context, entry);
  const selected: Record<string, ApiValue> = {};
  for (const field of fields) {
    if (field === 'parent' && !(field in full)) selected[field] = parent ? shallowEntry(context, parent) : null;
    else selected[field] = full[field] ?? null;
  }
  return selected;
};

/** A field's stored value for filters and sorting (`a->b` reaches into objects). */
export const entryRawField = (context: ResourceContext, entry: StoredEntry, field: string): ApiValue => {
  const [head = '', ...path] = field.split('->');
  let value: ApiValue;
  switch (head) {
    case 'site':
    case 'locale':
      value = entry.site;
      break;
    case 'id':
      value = entry.id;
      break;
    case 'origin_id':
      value = entry.originId;
      break;
    case 'slug':
      value = entry.slug;
      break;
    case 'uri':
      value = entry.uri;
      break;
    case 'url':
      value = entryUrl(context, entry);
      break;
    case 'status':
      value = entryStatus(context, entry);
      break;
    case 'published':
      value = entry.published;
      break;
    case 'date':
      value = entry.date;
      break;
    case 'order':
      value = entry.order;
      break;
    case 'collection':
      value = entry.collection;
      break;
    case 'parent':
      value = parentOf(context, entry)?.id ?? null;
      break;
    case 'updated_at':
    case 'last_modified':
      value = entry.updatedAt;
      break;
    default: {
      const stored = entry.data[head] ?? collectionOf(context, entry).fields[head] ?? null;
      value = rawValue(context, stored, entry.site);
    }
  }
  for (const key of path) {
    value = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value[key] ?? null) : null;
  }
  return value;
};

/** The entry's term ids (`{taxonomy}::{slug}`) from all its term fields, for `taxonomy:` filters. */
export const entryTermIds = (entry: StoredEntry): string[] =>
  Object.values(entry.data)
    .flatMap((value): unknown[] => (Array.isArray(value) ? (value as unknown[]) : [value]))
    .filter((value): value is TermRef => value instanceof TermRef)
    .map((term) => `${term.taxonomy}::${term.slug}`);
