import type {
  Employee,
  EntryOf,
  Globals,
  ListCollection,
  NavItem,
  Page,
  SlugCollection,
  Taxonomy,
  Term,
} from './types.ts';
import type { Locale } from '../common/routes.ts';
import type { NavHandle } from '../common/cms-dependencies.ts';

/**
 * What server components can ask the CMS (docs/specification.md section 5). Lists are complete (read
 * page by page).
 */
export interface Cms {
  globals(locale: Locale): Promise<Globals>;
  nav(handle: NavHandle, locale: Locale): Promise<NavItem[]>;
  terms(taxonomy: Taxonomy, locale: Locale): Promise<Term[]>;
  pages(locale: Locale): Promise<Page[]>;
  employees(locale: Locale): Promise<Employee[]>;
  /** Every published entry of a collection, newest first for dated collections. */
  list<C extends ListCollection>(collection: C, locale: Locale): Promise<Array<EntryOf<C>>>;
  /** The whole entry of a listed collection by its slug (a page is whole in the page list). */
  entryBySlug<C extends ListCollection>(collection: C, slug: string, locale: Locale): Promise<EntryOf<C> | null>;
  /** The URL of the entry's translation in `target` (Statamic multi-site, via `origin_id`), or null. */
  translationUrl<C extends SlugCollection>(collection: C, entry: EntryOf<C>, target: Locale): Promise<string | null>;
  /** An entry for a preview: never cached, the token goes to the CMS, which decides about drafts. */
  previewEntry<C extends SlugCollection>(collection: C, id: string, token: string): Promise<EntryOf<C> | null>;
}
