import type { Page } from '../cms/types.ts';
import { localizedPath } from '../common/routes.ts';
import type { Locale } from '../common/routes.ts';

// Where a page sits in the site: the home page, then every page whose address the page's own begins
// with (a news item's list page, a page's parents), then the page itself. Shown from the second level
// down; a page at the top is one step from home, which the wordmark already is.

export interface Crumb {
  title: string;
  url: string;
}

/**
 * The pages above `url`, home first (named `homeTitle` when the home page has no title of its own);
 * empty for the home page and the pages right below it.
 */
export const trailTo = (url: string, pages: readonly Page[], locale: Locale, homeTitle: string): Crumb[] => {
  const home = localizedPath(locale, '/');
  const segments = url.slice(home.length).split('/').filter(Boolean);
  if (segments.length < 2) return [];
  const byUrl = new Map(pages.flatMap((page) => (page.url && page.title ? [[page.url, page.title] as const] : [])));
  const parents = segments.slice(0, -1).flatMap((_segment, index) => {
    const parentUrl = localizedPath(locale, `/${segments.slice(0, index + 1).join('/')}`);
    const title = byUrl.get(parentUrl);
    return title ? [{ title, url: parentUrl }] : [];
  });
  return [{ title: byUrl.get(home) ?? homeTitle, url: home }, ...parents];
};
