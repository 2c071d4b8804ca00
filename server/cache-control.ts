import type { CachePolicy } from '../src/common/contract.ts';

// The Cache-Control values of the site's answers.

/** How long a CDN may keep a public answer, then serve it stale while it refreshes it (seconds). */
const SHARED_FRESH_S = 60;
const SHARED_STALE_S = 3600;

const sharedFor = (fresh: number, stale: number) =>
  `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}`;

/** CDNs may keep a public page briefly and serve it stale while they refresh it; browsers revalidate. */
export const SHARED_CACHE_CONTROL = sharedFor(SHARED_FRESH_S, SHARED_STALE_S);

/**
 * A public page that changes by itself at a known moment (its site notice starts or ends): no CDN keeps
 * it, or serves it stale, past that moment.
 */
export const sharedCacheControlUntil = (changesAt: number | undefined, now: number): string => {
  if (changesAt === undefined) return SHARED_CACHE_CONTROL;
  const left = Math.max(0, Math.floor((changesAt - now) / 1000));
  const fresh = Math.min(SHARED_FRESH_S, left);
  return sharedFor(fresh, Math.min(SHARED_STALE_S, left - fresh));
};
/** An error or a search: for this visitor only. */
const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** An answer to a form post: the visitor's own, kept by nobody. */
export const FORM_ANSWER_CACHE_CONTROL = 'private, no-store';

/** The header of a rendered page, by the cache policy its resolver gave it. */
export const PAGE_CACHE_CONTROL: Record<CachePolicy, string> = {
  shared: SHARED_CACHE_CONTROL,
  private: PRIVATE_CACHE_CONTROL,
  'no-store': 'no-store',
};
