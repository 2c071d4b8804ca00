import 'server-only';
import type { Cms } from '../cms/cms.ts';
import { LIST_COLLECTIONS } from '../cms/types.ts';
import type { PageAddress } from '../common/contract.ts';
import { localizedPath, SEARCH_PATHS } from '../common/routes.ts';
import type { Locale } from '../common/routes.ts';

/**
 * A page of each template a language's content has besides its home page: the first entry of each
 * collection (the latest news, the next event, …) and the site search with a query, which builds its
 * index. A new process renders them once before it says it is ready (server/render/warm-up.ts), so that
 * the first visitor of a template does not wait for V8's first runs of its code. A collection that cannot
 * be read is left out.
 */
export const templateSamples = async (cms: Cms, locale: Locale): Promise<PageAddress[]> => {
  const firstEntries = await Promise.all(
    LIST_COLLECTIONS.map((collection) =>
      cms.list(collection, locale).then(
        (entries) => entries.find((entry) => entry.url && !entry.redirect)?.url ?? null,
        () => null,
      ),
    ),
  );
  return [
    ...firstEntries.filter((url) => url !== null).map((pathname) => ({ pathname, search: '' })),
    { pathname: localizedPath(locale, SEARCH_PATHS[locale]), search: '?q=register' },
  ];
};
