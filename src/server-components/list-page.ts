import 'server-only';
import { getRequestContext, getSiteServices } from '../request-context.ts';
import type { AnyEntry } from '../cms/types.ts';
import { listPageHref, pageCount, readPageRequest } from '../common/list-paging.ts';
import { optionValue } from './page-builder/fields.ts';
import { blockEntries, isListCollection, pagedListOf, pageSizeOf } from './page-builder/listed-entries.ts';

/** Page `page` of `pages` of the page's paged list. */
export interface ListPosition {
  page: number;
  pages: number;
}

export type ListPageOutcome =
  /** The page to show: null for the first (no parameter), which needs no count. */
  | { kind: 'page'; position: ListPosition | null }
  | { kind: 'moved'; location: string }
  | { kind: 'not-found'; reason: string };

/**
 * The page number of `query` (the page's own, src/common/page-query.ts), checked before the shell is sent (docs/specification.md section 9.15): a
 * page past the last of the list (filtered as the URL asks) or a parameter that is no page number is not
 * found, any other form of a page's address moves to its own. A page without a paged list is one page.
 * The list was asked for ahead with the entry, so a cold page waits no extra round trip for the count.
 */
export const resolveListPage = async (found: AnyEntry, query: URLSearchParams): Promise<ListPageOutcome> => {
  const { locale, path } = getRequestContext();
  const { cms } = getSiteServices();
  const requested = readPageRequest(query, locale);
  if (requested.kind === 'invalid') return { kind: 'not-found', reason: requested.reason };
  if (requested.kind === 'page' && requested.page === 1) return { kind: 'page', position: null };

  const block = found.collection === 'pages' ? pagedListOf(found.entry.components) : null;
  const collection = block ? optionValue(block.collection) : null;
  const pages =
    block && isListCollection(collection)
      ? pageCount(blockEntries(block, collection, await cms.list(collection, locale), query).length, pageSizeOf(block))
      : 1;
  if (requested.page > pages) return { kind: 'not-found', reason: `page ${requested.page} of ${pages}` };
  if (requested.kind === 'moved') return { kind: 'moved', location: listPageHref(path, query, locale, requested.page) };
  return { kind: 'page', position: { page: requested.page, pages } };
};
