import type { ResolvedPage } from '../../src/common/contract.ts';
import { FORM_ANSWER_CACHE_CONTROL, PRIVATE_CACHE_CONTROL, sharedCacheControlUntil } from '../cache-control.ts';
import type { CachedPage } from './page-cache.ts';

// Whether a page's answer is kept in the page cache, and who else may keep it: the one rule for a page
// rendered now (the full path, a first view or a stale page rendered again) and for a kept page sent
// again (a hit on the full path or on the cache-hit fast path).

/** What a request may have of the page cache, whatever page it gets. */
export interface CacheRequest {
  /** The URL's query lets the page cache take it (`storable` of pageCacheKey). */
  storable: boolean;
  /** A form was posted to the page and it is shown again (server/forms/form-posts.ts). */
  form: boolean;
  /** The page cache keeps anything at all (PAGE_CACHE_MB above 0). */
  keepsPages: boolean;
}

/** What a page answer is: rendered now for a request, or a kept copy sent again. */
export type PageAnswer =
  | ({
      from: 'render';
      page: Pick<ResolvedPage, 'status' | 'preview' | 'personal' | 'redirect' | 'changesAt'>;
    } & CacheRequest)
  | { from: 'cache'; page: Pick<CachedPage, 'changesAt'> };

export interface CacheDecision {
  /** The page cache keeps the body once it reached the client whole. */
  keep: boolean;
  /** The same bytes for every visitor: a CDN may keep it too, purged by its surrogate keys. */
  shared: boolean;
  cacheControl: string;
}

const notShared = (cacheControl: string): CacheDecision => ({ keep: false, shared: false, cacheControl });

export const cacheDecision = (answer: PageAnswer, now: number): CacheDecision => {
  // No response carries a cookie (the browser writes the locale cookie): a public page is the same bytes
  // for every visitor, a first view included. Until its site notice starts or ends, if it has one.
  const cacheControl = sharedCacheControlUntil(answer.page.changesAt, now);
  if (answer.from === 'cache') return { keep: true, shared: true, cacheControl };
  const { page, storable, form, keepsPages } = answer;
  // A form shown again is this visitor's own answer; a preview is one editor's, now.
  if (form) return notShared(FORM_ANSWER_CACHE_CONTROL);
  if (page.preview) return notShared('no-store');
  // An error, or an answer to this visitor's question (a search): the browser alone, revalidating.
  if (page.status !== 200 || page.personal) return notShared(PRIVATE_CACHE_CONTROL);
  return { keep: storable && keepsPages && page.redirect === undefined, shared: true, cacheControl };
};
