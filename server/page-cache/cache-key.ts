import { FILTER_PARAMS } from '../../src/common/list-filter.ts';
import { LIST_PAGE_PARAMS } from '../../src/common/list-paging.ts';
import { RSC_QUERY_PARAM } from '../../src/common/payload.ts';
import { pageQuery, searchString } from '../../src/common/page-query.ts';

// The key of a rendered page: what it depends on. The build id (identical on every replica of one
// build) and the kind (HTML or payload), the path, and the query as the page reads it (pageQuery: no
// payload parameter, no campaign ids, list filters normalised). Only pages whose query is empty or a list
// filter and page are kept: any other query is rendered each time rather than let made-up URLs crowd out
// real pages. The page handler renders from the same query (`search`), so that a kept page carries
// nothing the visitor brought.

export interface PageCacheKey {
  key: string;
  storable: boolean;
  /** The query the page is rendered from: `?…`, or ''. */
  search: string;
}

export const pageCacheKey = (buildId: string, kind: 'html' | 'rsc', path: string, search: string): PageCacheKey => {
  const params = new URLSearchParams(search);
  params.delete(RSC_QUERY_PARAM);
  const query = searchString(pageQuery(params));
  return {
    key: `${buildId} ${kind} ${path}${query}`,
    storable: [...new URLSearchParams(query).keys()].every(
      (name) => FILTER_PARAMS.has(name) || LIST_PAGE_PARAMS.has(name),
    ),
    search: query,
  };
};
