import 'server-only';
import { outsideRequestContext } from '../request-context.ts';
import type { Cms } from '../cms/cms.ts';
import { LIST_COLLECTIONS } from '../cms/types.ts';
import { LOCALES, otherLocale } from '../common/routes.ts';
import type { Locale, Route } from '../common/routes.ts';

/**
 * The rest of what a page of this route may show, asked for in the same round as the app start and the
 * entry lookup, so that a cold page waits for one CMS round trip (two for a list longer than one CMS
 * page): the lists its blocks, its list template or its place in a list read, the team, and the other
 * language's pages and lists, where an entry's translation is found. Which of them the page needs is known only
 * once the entry is, a round later; asking for all of them costs a few more CMS calls an hour, each
 * answer being kept an hour and shared by every page.
 *
 * Nothing here is awaited and nothing here fails a page: the answers only fill the response cache. Each
 * part reads its own answer when it renders, and only then counts it among the page's dependencies.
 */
export const askAhead = (cms: Cms, route: Route, locale: Locale): void => {
  const lists = (of: Locale) => LIST_COLLECTIONS.map((collection) => cms.list(collection, of));
  const asked = outsideRequestContext(() => {
    switch (route.kind) {
      case 'index':
      case 'content':
        return [...LOCALES.flatMap(lists), cms.employees(locale), cms.pages(otherLocale(locale))];
      case 'search':
        return lists(locale);
      default:
        return [];
    }
  });
  // A failure is logged by the CMS client, and met again by the part that reads the answer.
  for (const answer of asked) answer.catch(() => {});
};
