import { ACTUALITY_SEEDS } from './actualities.ts';
import { LINKED_ANIMATION_PATH } from './assets.ts';
import { COLLECTIONS, findCollection } from './collections.ts';
import type { CollectionConfig } from './collections.ts';
import { GRID_FIELDS, SET_FIELDS } from './components.ts';
import type { ComponentType } from './components.ts';
import { COURSE_SEEDS } from './courses.ts';
import { EMPLOYEE_SEEDS } from './employees.ts';
import { EVENT_SEEDS } from './events.ts';
import { GLOBAL_SETS } from './globals.ts';
import type { GlobalSetDef } from './globals.ts';
import { rowId, stableUuid } from './ids.ts';
import { AssetRef, Bilingual, EntryLinkRef, TermRef } from './model.ts';
import type { EntryData, EntrySeed, FieldValue, SiteHandle, StoredEntry } from './model.ts';
import { NAVS } from './navs.ts';
import type { NavItemDef } from './navs.ts';
import { HOME_KEY, PAGE_SEEDS } from './pages.ts';
import { PUBLICATION_SEEDS } from './publications.ts';
import { findTaxonomy } from './taxonomies.ts';
import { VACANCY_SEEDS } from './vacancies.ts';

// Builds the localized content once at start: one stored entry per seed and site, with ids, URIs and
// page-builder sets in Statamic's shape. It checks every reference, so a content mistake fails the start
// instead of producing a broken link.

type AssetKind = 'image' | 'document' | 'animation';

export interface AssetInfo {
  path: string;
  kind: AssetKind;
  /** The default site's alt text; printed in generated documents. */
  title: string | null;
}

export interface ContentStore {
  /** Every entry of every site, in storage order (the order the API returns without `sort`). */
  entries: readonly StoredEntry[];
  findById(id: string): StoredEntry | undefined;
  findByKey(key: string, site: SiteHandle): StoredEntry | undefined;
  collection(handle: string): CollectionConfig | undefined;
  /** Every asset the content references, by path inside the container. */
  assets: ReadonlyMap<string, AssetInfo>;
  /** The global sets, this store's own copies: an editor's change to one stays in this store. */
  globals: readonly GlobalSetDef[];
}

const ALL_SEEDS: readonly EntrySeed[] = [
  ...PAGE_SEEDS,
  ...ACTUALITY_SEEDS,
  ...EVENT_SEEDS,
  ...COURSE_SEEDS,
  ...VACANCY_SEEDS,
  ...PUBLICATION_SEEDS,
  ...EMPLOYEE_SEEDS,
];

/** Picks the site's side of every bilingual value, at any depth. */
export const localize = (value: FieldValue, site: SiteHandle): FieldValue => {
  if (value instanceof Bilingual) return localize(value.in(site), site);
  if (value instanceof AssetRef) {
    return new AssetRef(value.path, value.alt instanceof Bilingual ? value.alt.in(site) : value.alt);
  }
  if (value instanceof TermRef || value instanceof EntryLinkRef || value === null || typeof value !== 'object')
    return value;
  if (Array.isArray(value)) return value.map((item: FieldValue) => localize(item, site));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value as { readonly [key: string]: FieldValue }).map(([key, item]) => [key, localize(item, site)]),
  );
};

const isRecord = (value: FieldValue): value is { readonly [key: string]: FieldValue } =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** Replicator sets as Statamic returns them: the set's fields in config order, then `id` and `type`. */
const shapeComponents = (components: FieldValue, entryId: string): FieldValue => {
  if (!Array.isArray(components)) return [];
  return components.map((component: FieldValue, index: number) => {
    if (!isRecord(component)) throw new Error(`components of ${entryId}: set ${index} is not an object`);
    const type = component.type as ComponentType;
    const fields = SET_FIELDS[type];
    if (!fields) throw new Error(`components of ${entryId}: unknown set type ${String(type)}`);
    const id = rowId(`${entryId}:${index}`);
    const shaped: Record<string, FieldValue> = {};
    for (const field of fields) {
      const value = component[field] ?? null;
      const isGrid = GRID_FIELDS[type]?.includes(field) && Array.isArray(value);
      shaped[field] = isGrid
        ? value.map((row: FieldValue, rowIndex: number) =>
            isRecord(row) ? { ...row, id: rowId(`${id}:${rowIndex}`) } : row,
          )
        : value;
    }
    return { ...shaped, id, type };
  });
};

/** The id of an entry by its key and site (stable across restarts: editors' preview links keep working). */
export const entryId = (key: string, site: SiteHandle): string => stableUuid(`entry:${key}:${site}`);

const localizeEntry = (seed: EntrySeed, site: SiteHandle, order: number | null): StoredEntry => {
  const id = entryId(seed.key, site);
  const data = localize(seed.data, site) as EntryData;
  const shaped: EntryData =
    'components' in data ? { ...data, components: shapeComponents(data.components ?? null, id) } : data;
  const isOrigin = site === seed.sites[0];
  return {
    id,
    key: seed.key,
    collection: seed.collection,
    site,
    originId: isOrigin ? null : entryId(seed.key, seed.sites[0] ?? 'default'),
    slug: typeof seed.slug === 'string' ? seed.slug : seed.slug.in(site),
    uri: null,
    published: typeof seed.published === 'boolean' ? seed.published : seed.published.in(site),
    date: seed.date,
    parentKey: seed.parentKey,
    order: seed.order ?? order,
    updatedAt: seed.updatedAt,
    data: shaped,
  };
};

/** The URI without the site prefix, from the collection route (pages: from the tree). */
const resolveUris = (
  entries: readonly StoredEntry[],
  byKey: (key: string, site: SiteHandle) => StoredEntry | undefined,
) => {
  const pageUri = (entry: StoredEntry, seen: Set<string>): string => {
    if (entry.key === HOME_KEY) return '/';
    if (seen.has(entry.key)) throw new Error(`page ${entry.key} is its own ancestor`);
    seen.add(entry.key);
    const parent = entry.parentKey === null ? undefined : byKey(entry.parentKey, entry.site);
    if (entry.parentKey !== null && !parent)
      throw new Error(`page ${entry.key} (${entry.site}) has no parent ${entry.parentKey}`);
    const parentUri = parent ? pageUri(parent, seen) : '';
    return `${parentUri === '/' ? '' : parentUri}/${entry.slug}`;
  };
  for (const entry of entries) {
    const config = findCollection(entry.collection);
    if (!config?.route) continue;
    entry.uri = config.structured
      ? pageUri(entry, new Set())
      : config.route.in(entry.site).replace('{slug}', entry.slug);
  }
};

const walk = (value: FieldValue, visit: (value: FieldValue) => void): void => {
  visit(value);
  if (Array.isArray(value)) value.forEach((item: FieldValue) => walk(item, visit));
  else if (isRecord(value)) Object.values(value).forEach((item) => walk(item, visit));
};

const assetKind = (path: string): AssetKind => {
  if (path.endsWith('.pdf')) return 'document';
  if (path.endsWith('.json')) return 'animation';
  return 'image';
};

const checkReferences = (
  entries: readonly StoredEntry[],
  byKey: (key: string, site: SiteHandle) => StoredEntry | undefined,
): string[] => {
  const problems: string[] = [];
  for (const entry of entries) {
    walk(entry.data, (value) => {
      if (value instanceof TermRef) {
        const taxonomy = findTaxonomy(value.taxonomy);
        if (!taxonomy?.terms.some((term) => term.slug === value.slug)) {
          problems.push(`${entry.key} (${entry.site}) refers to unknown term ${value.taxonomy}::${value.slug}`);
        }
      }
      if (value instanceof EntryLinkRef) {
        const target = byKey(value.key, entry.site);
        if (!target) problems.push(`${entry.key} (${entry.site}) links to missing entry ${value.key}`);
        else if (!target.published && entry.published)
          problems.push(`${entry.key} (${entry.site}) links to draft ${value.key}`);
      }
    });
  }
  // The site finds content by the last URL segment, so a slug may occur once per site across collections.
  const seen = new Map<string, string>();
  for (const entry of entries) {
    if (entry.uri === null) continue;
    const name = `${entry.site}:${entry.slug}`;
    const other = seen.get(name);
    if (other) problems.push(`slug ${entry.slug} is used twice in site ${entry.site}: ${other} and ${entry.key}`);
    seen.set(name, entry.key);
  }
  return problems;
};

const checkNavs = (byKey: (key: string, site: SiteHandle) => StoredEntry | undefined): string[] => {
  const problems: string[] = [];
  const visit = (items: readonly NavItemDef[], nav: string) => {
    for (const item of items) {
      if (!byKey(item.entry, 'default')) problems.push(`nav ${nav} links to missing entry ${item.entry}`);
      visit(item.children ?? [], nav);
    }
  };
  NAVS.forEach((nav) => visit(nav.tree, nav.handle));
  return problems;
};

const collectAssets = (entries: readonly StoredEntry[]): Map<string, AssetInfo> => {
  const assets = new Map<string, AssetInfo>();
  const add = (value: FieldValue) => {
    if (!(value instanceof AssetRef) || assets.has(value.path)) return;
    const title = value.alt instanceof Bilingual ? value.alt.nl : value.alt;
    assets.set(value.path, { path: value.path, kind: assetKind(value.path), title });
  };
  // Dutch entries first, so a document's printed title is its Dutch title.
  const ordered = [...entries].sort((a, b) => Number(a.site === 'en') - Number(b.site === 'en'));
  ordered.forEach((entry) => walk(entry.data, add));
  GLOBAL_SETS.forEach((set) => walk(localize(set.data, 'default'), add));
  assets.set(LINKED_ANIMATION_PATH, { path: LINKED_ANIMATION_PATH, kind: 'animation', title: null });
  return assets;
};

export const buildContentStore = (): ContentStore => {
  const entries: StoredEntry[] = [];
  const pageOrder = new Map(PAGE_SEEDS.map((seed, index) => [seed.key, index + 1]));
  for (const seed of ALL_SEEDS) {
    const config = findCollection(seed.collection);
    if (!config) throw new Error(`entry ${seed.key}: unknown collection ${seed.collection}`);
    for (const site of seed.sites) {
      if (!config.sites.includes(site))
        throw new Error(`entry ${seed.key}: collection ${config.handle} is not in site ${site}`);
      entries.push(localizeEntry(seed, site, config.structured ? (pageOrder.get(seed.key) ?? null) : null));
    }
  }

  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const byKeySite = new Map(entries.map((entry) => [`${entry.key}|${entry.site}`, entry]));
  const findByKey = (key: string, site: SiteHandle) => byKeySite.get(`${key}|${site}`);
  if (byId.size !== entries.length || byKeySite.size !== entries.length) throw new Error('entry keys are not unique');

  resolveUris(entries, findByKey);
  const problems = [...checkReferences(entries, findByKey), ...checkNavs(findByKey)];
  if (problems.length > 0) throw new Error(`The sample content is inconsistent:\n- ${problems.join('\n- ')}`);

  const collections = new Map(COLLECTIONS.map((config) => [config.handle, config]));
  return {
    entries,
    findById: (id) => byId.get(id),
    findByKey,
    collection: (handle) => collections.get(handle),
    assets: collectAssets(entries),
    globals: GLOBAL_SETS.map((set) => ({ ...set, data: { ...set.data } })),
  };
};
