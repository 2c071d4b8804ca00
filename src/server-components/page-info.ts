import 'server-only';
import type { PageInfo } from '../client-components/page-state.tsx';
import { pageTheme } from '../page-theme.ts';
import { displayTitle } from '../cms/format.ts';
import type { ResolvedContent } from './resolve-page.tsx';

/**
 * What the client state learns of a page (docs/specification.md section 3): from its entry, the globals
 * and its status.
 */
export const pageInfo = (page: ResolvedContent): PageInfo => {
  const found = page.entry;
  return {
    taglines: page.appStart?.globals.settings.taglines ?? [],
    theme: pageTheme(found?.entry.theme),
    hasHero: found?.collection === 'pages' && Boolean(found.entry.hero_image),
    analyticsIgnore: found?.entry.analytics_ignore === true,
    entry: found ? { id: found.entry.id, collection: found.collection, title: displayTitle(found.entry.title) } : null,
    postIndex: page.postIndex ?? null,
    errorText: page.status >= 400 ? (page.message ?? null) : null,
    startLoaded: page.appStart !== null,
    siteSearch: page.siteSearch ?? null,
  };
};
