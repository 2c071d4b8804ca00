// The stored content model. Content modules write values once for both sites (with `Bilingual`) and
// refer to assets, terms and other entries by reference; the resource layer turns the references
// into Statamic's API shapes against the configured base URL, so no absolute URL is stored.

export type SiteHandle = 'default' | 'en';
export const SITES: readonly SiteHandle[] = ['default', 'en'];
export const DEFAULT_SITE: SiteHandle = 'default';

/** A value written in Dutch (site `default`) and English (site `en`). */
export class Bilingual<T> {
  readonly nl: T;
  readonly en: T;
  constructor(nl: T, en: T) {
    this.nl = nl;
    this.en = en;
  }
  in(site: SiteHandle): T {
    return site === 'en' ? this.en : this.nl;
  }
}

/** Shorthand for a bilingual value: `L('Over ons', 'About us')`. */
export const L = <T>(nl: T, en: T): Bilingual<T> => new Bilingual(nl, en);

/** An asset in the `assets` container, by its path inside the container (e.g. `images/hero/home.jpg`). */
export class AssetRef {
  readonly path: string;
  readonly alt: string | Bilingual<string> | null;
  constructor(path: string, alt: string | Bilingual<string> | null) {
    this.path = path;
    this.alt = alt;
  }
}

/** A taxonomy term; terms keep one slug in every site, only their titles are translated. */
export class TermRef {
  readonly taxonomy: string;
  readonly slug: string;
  constructor(taxonomy: string, slug: string) {
    this.taxonomy = taxonomy;
    this.slug = slug;
  }
}

/** A link to an entry (by its origin key); it becomes the URL of the entry's translation in the reading site. */
export class EntryLinkRef {
  readonly key: string;
  constructor(key: string) {
    this.key = key;
  }
}

/** A path on the content service that the API shows as an absolute URL (e.g. the served Lottie file). */
export class PublicUrlRef {
  readonly path: string;
  constructor(path: string) {
    this.path = path;
  }
}

export type FieldValue =
  | string
  | number
  | boolean
  | null
  | AssetRef
  | TermRef
  | EntryLinkRef
  | PublicUrlRef
  | Bilingual<FieldValue>
  | readonly FieldValue[]
  | { readonly [key: string]: FieldValue };

export type EntryData = Record<string, FieldValue>;

/**
 * One entry before it is localized: `key` names it in code (`pages/over-ons`), `sites` lists the sites
 * it exists in. Each site gets its own entry with its own id; the `en` one points to the `default` one.
 */
export interface EntrySeed {
  key: string;
  collection: string;
  slug: Bilingual<string> | string;
  sites: readonly SiteHandle[];
  /** Published per site; a draft is hidden from lists and shown by id only with the preview token. */
  published: boolean | Bilingual<boolean>;
  /** ISO date for dated collections. */
  date: string | null;
  /** Pages only: the key of the parent page (null for top-level pages and home). */
  parentKey: string | null;
  /** Position among siblings (pages) or in the collection (employees). */
  order: number | null;
  updatedAt: string;
  data: EntryData;
}

/** One localized entry as stored. */
export interface StoredEntry {
  id: string;
  key: string;
  collection: string;
  site: SiteHandle;
  originId: string | null;
  slug: string;
  /** Route result without the site prefix (`/over-ons/organisatie`), or null when the collection has no route. */
  uri: string | null;
  published: boolean;
  date: string | null;
  parentKey: string | null;
  order: number | null;
  updatedAt: string;
  data: EntryData;
}
