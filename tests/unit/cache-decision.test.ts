import { describe, expect, it } from 'vitest';
import { cacheDecision } from '../../server/page-cache/cache-decision.ts';
import type { CacheDecision, CacheRequest, PageAnswer } from '../../server/page-cache/cache-decision.ts';

// Whether a page's answer is kept and who may share it, for a page rendered now and for a kept copy: the
// one rule of the full path and the cache-hit fast path.

const NOW = Date.parse('2026-03-01T12:00:00Z');
const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=3600';
const PRIVATE = 'private, no-cache';
const FORM = 'private, no-store';

const plain: CacheRequest = { storable: true, form: false, keepsPages: true };
const publicPage = { status: 200, preview: false, personal: false };
const rendered = (
  page: Partial<Extract<PageAnswer, { from: 'render' }>['page']>,
  request: Partial<CacheRequest> = {},
) => ({ from: 'render', page: { ...publicPage, ...page }, ...plain, ...request }) as const;

const kept = (cacheControl: string): CacheDecision => ({ keep: true, shared: true, cacheControl });
const sharedNotKept = (cacheControl: string): CacheDecision => ({ keep: false, shared: true, cacheControl });
const nobodys = (cacheControl: string): CacheDecision => ({ keep: false, shared: false, cacheControl });

const cases: Array<[string, PageAnswer, CacheDecision]> = [
  ['a public page', rendered({}), kept(SHARED)],
  ['a public page at a query the page cache does not take', rendered({}, { storable: false }), sharedNotKept(SHARED)],
  ['a public page beside a page cache sized to nothing', rendered({}, { keepsPages: false }), sharedNotKept(SHARED)],
  ['a public page that redirects', rendered({ redirect: '/elders' }), sharedNotKept(SHARED)],
  ['a redirect (301)', rendered({ status: 301, redirect: '/elders' }), nobodys(PRIVATE)],
  ['a page not found', rendered({ status: 404 }), nobodys(PRIVATE)],
  ['an error', rendered({ status: 500 }), nobodys(PRIVATE)],
  ['a search with a query', rendered({ personal: true }), nobodys(PRIVATE)],
  ['a preview', rendered({ preview: true }), nobodys('no-store')],
  ['a preview not found', rendered({ preview: true, status: 404 }), nobodys('no-store')],
  ['a form shown again', rendered({ status: 422 }, { form: true }), nobodys(FORM)],
  ['a form shown again after a good post', rendered({}, { form: true }), nobodys(FORM)],
  [
    'a public page whose notice ends in 30 s',
    rendered({ changesAt: NOW + 30_000 }),
    kept('public, max-age=0, s-maxage=30, stale-while-revalidate=0'),
  ],
  [
    'a public page whose notice starts in 10 min',
    rendered({ changesAt: NOW + 600_000 }),
    kept('public, max-age=0, s-maxage=60, stale-while-revalidate=540'),
  ],
  ['a search whose notice ends in 30 s', rendered({ personal: true, changesAt: NOW + 30_000 }), nobodys(PRIVATE)],
  ['a kept page', { from: 'cache', page: {} }, kept(SHARED)],
  [
    'a kept page whose notice ends in 30 s',
    { from: 'cache', page: { changesAt: NOW + 30_000 } },
    kept('public, max-age=0, s-maxage=30, stale-while-revalidate=0'),
  ],
  [
    'a kept page whose notice ends in two days',
    { from: 'cache', page: { changesAt: NOW + 2 * 86_400_000 } },
    kept(SHARED),
  ],
  [
    'a kept page at the moment its notice changes',
    { from: 'cache', page: { changesAt: NOW } },
    kept('public, max-age=0, s-maxage=0, stale-while-revalidate=0'),
  ],
];

describe('the cache decision of a page answer', () => {
  it.each(cases)('%s', (_name, answer, decision) => {
    expect(cacheDecision(answer, NOW)).toEqual(decision);
  });
});
