import { FILTER_PARAMS } from '../../src/common/list-filter.ts';
import { LIST_PAGE_PARAMS } from '../../src/common/list-paging.ts';

// The key of a rendered page: what it depends on. The build id (identical on every replica of one
// build) and the kind (HTML or payload), the path, and the query without the payload parameter and
// the campaign parameters nothing renders. Only pages whose query is empty or a list filter and page are kept:
// any other query is rendered each time rather than let made-up URLs crowd out real pages.

const IGNORED = /^(_rsc|utm_[a-z]+|fbclid|gclid|msclkid|mc_[a-z]+)$/;

export interface PageCacheKey {
  key: string;
  storable: boolean;
}

export const pageCacheKey = (buildId: string, kind: 'html' | 'rsc', path: string, search: string): PageCacheKey => {
  const params = [...new URLSearchParams(search)].filter(([name]) => !IGNORED.test(name));
  params.sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));
  const query = new URLSearchParams(params).toString();
  return {
    key: `${buildId} ${kind} ${path}${query ? `?${query}` : ''}`,
    storable: params.every(([name]) => FILTER_PARAMS.has(name) || LIST_PAGE_PARAMS.has(name)),
  };
};
