// What a CMS answer, and so a page rendered from it, depends on, in Statamic's terms. Every cached CMS
// answer carries tags: the scope it was asked in (a collection's entries in a site, a nav tree, the
// globals, a taxonomy's terms) and the ids of every entry and term inside it (relations, translations'
// `origin_id`). A page carries the tags of every answer it read. A change names tags; whatever carries one
// of them is out of date.

export type Tag = string;

/** Statamic's sites: `default` is the Dutch one. */
export const SITE_HANDLES = ['default', 'en'] as const;
export type SiteHandle = (typeof SITE_HANDLES)[number];
/** The nav trees the site reads. */
export const NAV_HANDLES = ['megamenu', 'footer'] as const;
export type NavHandle = (typeof NAV_HANDLES)[number];

export const entriesTag = (collection: string, site: SiteHandle): Tag => `entries:${collection}:${site}`;
/** Lookups by slug carry both: all of a collection's in a site, and the one of a slug (which may find nothing yet). */
export const slugsTag = (collection: string, site: SiteHandle): Tag => `slugs:${collection}:${site}`;
export const slugTag = (collection: string, site: SiteHandle, slug: string): Tag =>
  `slug:${collection}:${site}:${slug.toLowerCase()}`;
export const navTag = (handle: string, site: SiteHandle): Tag => `nav:${handle}:${site}`;
export const globalsTag = (site: SiteHandle): Tag => `globals:${site}`;
export const termsTag = (taxonomy: string, site: SiteHandle): Tag => `terms:${taxonomy}:${site}`;
const mentionTag = (id: string): Tag => `id:${id}`;

const MENTION_KEYS = new Set(['id', 'origin_id']);

/** The ids of the entries and terms an answer holds, at any depth. */
export const mentionTags = (value: unknown): Tag[] => {
  const found = new Set<Tag>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [key, item] of Object.entries(node)) {
      if (MENTION_KEYS.has(key) && typeof item === 'string') found.add(mentionTag(item));
      else visit(item);
    }
  };
  visit(value);
  return [...found];
};

/** What changed, as the CMS's events name it. */
export type ContentChange =
  | { type: 'entry'; collection: string; id: string; site: SiteHandle; slug?: string | undefined }
  /** A structured collection's order or nesting changed: its entries' URLs may have. */
  | { type: 'collection-tree'; collection: string; site: SiteHandle }
  | { type: 'nav'; handle: string; site: SiteHandle }
  | { type: 'global'; handle: string; site: SiteHandle }
  /** A term is saved for every site at once: without a site, all of them. */
  | { type: 'term'; taxonomy: string; slug: string; site?: SiteHandle | undefined }
  /** An asset (image, file) replaced, moved or deleted in its container. */
  | { type: 'asset'; container: string; path: string }
  | { type: 'everything' };

/** The collection whose entries the nav trees link to, by title and URL (the nav query asks no ids). */
const NAV_COLLECTION = 'pages';

/** The tags a change makes out of date, or 'everything'. */
export const tagsOfChange = (change: ContentChange): Tag[] | 'everything' => {
  switch (change.type) {
    case 'entry':
      // Its collection's lists in its site, every answer that holds it (lookups of its old slug, relations
      // in other entries, translations pointing to it by origin_id), and the lookups of its slug, which may
      // now find it: of that slug when it is known, else all of them.
      return [
        entriesTag(change.collection, change.site),
        mentionTag(change.id),
        change.slug === undefined
          ? slugsTag(change.collection, change.site)
          : slugTag(change.collection, change.site, change.slug),
        ...(change.collection === NAV_COLLECTION ? NAV_HANDLES.map((handle) => navTag(handle, change.site)) : []),
      ];
    case 'collection-tree':
      // Moving an entry changes its URL and its children's: every lookup by slug and every list of the
      // collection in that site, and the navs that link to pages by URL.
      return [
        entriesTag(change.collection, change.site),
        slugsTag(change.collection, change.site),
        ...(change.collection === NAV_COLLECTION ? NAV_HANDLES.map((handle) => navTag(handle, change.site)) : []),
      ];
    case 'nav':
      return [navTag(change.handle, change.site)];
    // The globals endpoint answers every set of a site at once.
    case 'global':
      return [globalsTag(change.site)];
    case 'term':
      return [
        ...(change.site ? [change.site] : SITE_HANDLES).map((site) => termsTag(change.taxonomy, site)),
        mentionTag(`${change.taxonomy}::${change.slug}`),
      ];
    // Answers name an asset by its id, `{container}::{path}`, wherever they hold it.
    case 'asset':
      return [mentionTag(`${change.container}::${change.path}`)];
    case 'everything':
      return 'everything';
  }
};

/** Whether something carrying `tags` is out of date after a change naming `changed`. */
export const isAffected = (tags: Iterable<Tag>, changed: ReadonlySet<Tag>): boolean => {
  for (const tag of tags) if (changed.has(tag)) return true;
  return false;
};
