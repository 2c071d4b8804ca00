import 'server-only';
import type { Cms } from '../cms/cms.ts';
import { TAXONOMIES } from '../cms/types.ts';
import type { Globals, NavItem, Page, Taxonomy, Term } from '../cms/types.ts';
import type { Locale } from '../common/routes.ts';

/**
 * What every page needs (docs/specification.md section 4, app start): loaded in parallel, once per
 * render.
 */
export interface AppStart {
  globals: Globals;
  megamenu: NavItem[];
  footer: NavItem[];
  pages: Page[];
  terms: Record<Taxonomy, Term[]>;
}

export const loadAppStart = async (cms: Cms, locale: Locale): Promise<AppStart> => {
  const [globals, megamenu, footer, pages, ...termLists] = await Promise.all([
    cms.globals(locale),
    cms.nav('megamenu', locale),
    cms.nav('footer', locale),
    cms.pages(locale),
    ...TAXONOMIES.map((taxonomy) => cms.terms(taxonomy, locale)),
  ]);
  return {
    globals,
    megamenu,
    footer,
    pages,
    terms: Object.fromEntries(TAXONOMIES.map((taxonomy, index) => [taxonomy, termLists[index] ?? []])) as Record<
      Taxonomy,
      Term[]
    >,
  };
};
