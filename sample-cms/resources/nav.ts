import { stableUuid } from '../content/ids.ts';
import type { SiteHandle } from '../content/model.ts';
import type { NavDef, NavItemDef } from '../content/navs.ts';
import type { ResourceContext } from './context.ts';
import { entryResource, entryStatus } from './entry.ts';
import { sortKeys } from './values.ts';
import type { ApiValue } from './values.ts';

// A navigation tree (Statamic's TreeResource): `{page, depth, children}` nodes. Items whose entry is
// missing or unpublished are dropped with their children; `fields` selects and orders the page keys.

interface TreeOptions {
  site: SiteHandle;
  fields: readonly string[] | null;
  maxDepth: number | null;
}

const navPage = (
  context: ResourceContext,
  nav: NavDef,
  item: NavItemDef,
  path: string,
  options: TreeOptions,
): Record<string, ApiValue> | null => {
  const entry = context.store.findByKey(item.entry, options.site);
  if (!entry || entryStatus(context, entry) !== 'published') return null;
  const { parent: _parent, ...entryKeys } = entryResource(context, entry);
  const page = sortKeys({
    ...entryKeys,
    open_in_new_tab: item.openInNewTab ?? false,
    title: item.title ? item.title.in(options.site) : (entryKeys.title ?? null),
    entry_id: entry.id,
    // The node's own id; the entry's id is `entry_id`.
    id: stableUuid(`nav:${nav.handle}:${options.site}:${path}`),
  });
  if (!options.fields) return page;
  return Object.fromEntries(options.fields.map((field) => [field, page[field] ?? null]));
};

const nodes = (
  context: ResourceContext,
  nav: NavDef,
  items: readonly NavItemDef[],
  depth: number,
  parentPath: string,
  options: TreeOptions,
): ApiValue[] => {
  if (options.maxDepth !== null && depth > options.maxDepth) return [];
  return items.flatMap((item, index) => {
    const path = `${parentPath}${index}`;
    const page = navPage(context, nav, item, path, options);
    if (!page) return [];
    return [{ page, depth, children: nodes(context, nav, item.children ?? [], depth + 1, `${path}.`, options) }];
  });
};

export const navTree = (context: ResourceContext, nav: NavDef, options: TreeOptions): ApiValue[] =>
  nodes(context, nav, nav.tree, 1, '', options);
