import type { CachePolicy } from '../src/render/contract.ts';

// The Cache-Control values of the site's answers.

/** CDNs may keep a public page briefly and serve it stale while they refresh it; browsers revalidate. */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=3600';
/** An error or a search: for this visitor only. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** An answer to a form post: the visitor's own, kept by nobody. */
export const FORM_ANSWER_CACHE_CONTROL = 'private, no-store';

/** The header of a rendered page, by the cache policy its resolver gave it. */
export const PAGE_CACHE_CONTROL: Record<CachePolicy, string> = {
  shared: SHARED_CACHE_CONTROL,
  private: PRIVATE_CACHE_CONTROL,
  'no-store': 'no-store',
};
