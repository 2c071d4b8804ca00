import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestBudget } from '../../src/cms/request-budget.ts';
import { UpstreamThrottledError } from '../../src/common/get-json.ts';
import { cmsOn } from '../helpers/cms-on-fake.ts';
import { createThrottle } from '../helpers/cms-throttle.ts';
import { list, startFakeCms } from '../helpers/fake-cms.ts';
import type { FakeCms } from '../helpers/fake-cms.ts';

// The CMS client against a stand-in that keeps Statamic's rate limit (cms-throttle.ts) and records, by its
// own clock, every request that came before a Retry-After it had given had passed. Retry-After counts
// whole seconds, so the waits here are real ones of a second or two.

const WINDOW_MS = 2000;
const log = { error: vi.fn(), warn: vi.fn() };
let fake: FakeCms;

beforeAll(async () => {
  fake = await startFakeCms();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.answer = () => list([]);
  fake.throttle = null;
});

/** The client with a budget as the site makes it, far above the stand-in's limit unless it learns it. */
const clientWith = (waitLimitMs: number, maxPerWindow: number | null = null) => {
  const observe = vi.fn();
  const budget = createRequestBudget({ rateLimit: { maxPerWindow, windowMs: WINDOW_MS }, fleet: null, log });
  return { cms: cmsOn(fake, log, { budget, waitLimitMs, observe }), observe };
};

describe('a 429', () => {
  it('is retried only once its Retry-After has passed, and no other call goes out before', async () => {
    const throttle = createThrottle({ limit: 1, windowMs: WINDOW_MS });
    fake.throttle = throttle;
    const { cms, observe } = clientWith(10_000);
    const refused = new Promise((resolve) =>
      observe.mockImplementation((outcome: string) => outcome === 'refused' && resolve(null)),
    );
    // Another client on the same address spent the window.
    throttle.admit('/api/another-client');
    // Refused, retried after the Retry-After; another call, asked once the refusal is known, waits too.
    const [globals, nav] = await Promise.all([cms.globals('nl'), refused.then(() => cms.nav('megamenu', 'nl'))]);
    expect(globals).toBeTruthy();
    expect(nav).toEqual([]);
    expect(throttle.requests.map((request) => request.refused)).toEqual([false, true, false, false]);
    expect(throttle.requests.filter((request) => request.early)).toEqual([]);
    expect(observe.mock.calls.map(([outcome]) => outcome as string)).toContain('refused');
  });

  it('is not retried when its Retry-After is past what the page may wait: the call says when to ask again', async () => {
    fake.answer = () => ({ status: 429, headers: { 'Retry-After': '30' } });
    const { cms, observe } = clientWith(5000);
    const failure = await cms.globals('nl').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamThrottledError);
    expect((failure as UpstreamThrottledError).retryAfterMs).toBeGreaterThanOrEqual(30_000);
    expect(fake.requests).toHaveLength(1);
    // The budget learnt the refusal: the next call is not sent at all.
    await expect(cms.nav('megamenu', 'nl')).rejects.toThrow(UpstreamThrottledError);
    expect(fake.requests).toHaveLength(1);
    expect(observe.mock.calls.map(([outcome]) => outcome as string)).toEqual(['refused', 'throttled']);
    // Neither is a failure of the CMS to log per call: the period is logged once.
    expect(log.error).not.toHaveBeenCalled();
  });

  it('other retryable statuses keep their one immediate retry', async () => {
    fake.answer = (_request, attempt) => (attempt === 1 ? { status: 503 } : list([]));
    const { cms, observe } = clientWith(0);
    expect(await cms.pages('nl')).toEqual([]);
    expect(fake.requests).toHaveLength(2);
    expect(observe.mock.calls.map(([outcome]) => outcome as string)).toEqual(['retried', 'ok']);
  });
});

describe('a CMS that names its limit', () => {
  it('is never asked more than it allows, though the setting allows more', async () => {
    const throttle = createThrottle({ limit: 3, windowMs: WINDOW_MS });
    fake.throttle = throttle;
    const { cms } = clientWith(0, 100);
    await cms.globals('nl');
    const later = await Promise.allSettled([
      cms.nav('megamenu', 'nl'),
      cms.nav('footer', 'nl'),
      cms.terms('disciplines', 'nl'),
      cms.terms('course_types', 'nl'),
    ]);
    // The first answer said two remain: two more go out, the others are held back unsent.
    expect(later.filter(({ status }) => status === 'fulfilled')).toHaveLength(2);
    expect(throttle.requests).toHaveLength(3);
    expect(throttle.requests.filter((request) => request.refused)).toEqual([]);
  });
});
