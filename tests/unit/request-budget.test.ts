import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestBudget } from '../../src/cms/request-budget.ts';
import type { CallPriority } from '../../src/cms/request-budget.ts';
import { UpstreamThrottledError } from '../../src/common/get-json.ts';
import type { FleetBudget } from '../../src/common/contract.ts';

// The budget of CMS calls on a fake clock: at most the limit in any window's length, counted from each
// call's answer; a reserve that only visitors use; what the CMS's headers and 429s say; one log line when
// calls start being held back and one when that ends.

const WINDOW_MS = 60_000;
const log = { error: vi.fn(), warn: vi.fn() };

beforeEach(() => {
  vi.useFakeTimers();
  log.warn.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

const budgetOf = (maxPerWindow: number | null, fleet: FleetBudget | null = null, observe = vi.fn()) =>
  createRequestBudget({ rateLimit: { maxPerWindow, windowMs: WINDOW_MS }, fleet, log, observe, now: Date.now });

/** Takes a call without waiting; resolves with its settle, or rejects as held back. */
const takeNow = (budget: ReturnType<typeof budgetOf>, priority: CallPriority = 'visitor') =>
  budget.for(priority).take('/api/x', Date.now());

/** How many calls are taken, without waiting, before one is held back. */
const takeAll = async (budget: ReturnType<typeof budgetOf>, priority: CallPriority = 'visitor') => {
  const settles: Array<(answer: Headers | null) => void> = [];
  for (;;) {
    try {
      settles.push(await takeNow(budget, priority));
    } catch (error) {
      expect(error).toBeInstanceOf(UpstreamThrottledError);
      return { settles, retryAfterMs: (error as UpstreamThrottledError).retryAfterMs };
    }
    if (settles.length > 1000) throw new Error('no limit');
  }
};

describe('the budget of CMS calls', () => {
  it('gives at most the limit in a window, and the next call once the first answered a window ago', async () => {
    const budget = budgetOf(10);
    const first = await takeNow(budget);
    vi.advanceTimersByTime(1000);
    first(new Headers()); // answered a second after it was sent: its slot frees a window after that
    const { settles, retryAfterMs } = await takeAll(budget);
    expect(settles).toHaveLength(9);
    expect(retryAfterMs).toBe(WINDOW_MS);
    vi.advanceTimersByTime(WINDOW_MS - 1);
    await expect(takeNow(budget)).rejects.toThrow(UpstreamThrottledError);
    vi.advanceTimersByTime(1);
    await expect(takeNow(budget)).resolves.toBeTypeOf('function');
  });

  it('is unlimited without a setting until the CMS names its limit', async () => {
    const budget = budgetOf(null);
    for (let call = 0; call < 200; call += 1) await takeNow(budget);
    (await takeNow(budget))(new Headers({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '5' }));
    expect((await takeAll(budget)).settles).toHaveLength(5);
  });

  it('is lowered by the limit the CMS names, never raised, and capped by what it says remains', async () => {
    const budget = budgetOf(10);
    (await takeNow(budget))(new Headers({ 'X-RateLimit-Limit': '600', 'X-RateLimit-Remaining': '599' }));
    expect((await takeAll(budget)).settles).toHaveLength(9);

    const lowered = budgetOf(10);
    (await takeNow(lowered))(new Headers({ 'X-RateLimit-Limit': '4', 'X-RateLimit-Remaining': '3' }));
    expect((await takeAll(lowered)).settles).toHaveLength(3);

    // Calls of an earlier process, or of another client on the same address, count too.
    const capped = budgetOf(10);
    (await takeNow(capped))(new Headers({ 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '2' }));
    expect((await takeAll(capped)).settles).toHaveLength(2);
  });

  it('leaves a quarter of the window to visitors: background calls stop there, and never wait', async () => {
    const budget = budgetOf(8);
    const background = await takeAll(budget, 'background');
    expect(background.settles).toHaveLength(6);
    expect((await takeAll(budget, 'visitor')).settles).toHaveLength(2);
  });

  it('makes no call before a refusal has passed', async () => {
    const budget = budgetOf(10);
    expect(budget.for('visitor').refused(3000)).toBe(3000);
    const held = await takeAll(budget);
    expect(held.settles).toHaveLength(0);
    expect(held.retryAfterMs).toBe(3000);
    // Without a Retry-After, a whole window.
    expect(budgetOf(10).for('visitor').refused(null)).toBe(WINDOW_MS);
    vi.advanceTimersByTime(2999);
    await expect(takeNow(budget)).rejects.toThrow(UpstreamThrottledError);
    vi.advanceTimersByTime(1);
    await expect(takeNow(budget)).resolves.toBeTypeOf('function');
  });

  it("lets a visitor's call wait for a free call within its deadline", async () => {
    const budget = budgetOf(1);
    (await takeNow(budget))(null);
    const waiting = budget.for('visitor').take('/api/x', Date.now() + WINDOW_MS);
    let taken = false;
    void waiting.then(() => (taken = true));
    await vi.advanceTimersByTimeAsync(WINDOW_MS - 1);
    expect(taken).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(taken).toBe(true);
    // A call whose deadline comes first is not made.
    await expect(budget.for('visitor').take('/api/x', Date.now() + WINDOW_MS - 1)).rejects.toThrow(
      UpstreamThrottledError,
    );
  });

  it('logs a period of held-back calls once when it starts and once a window after the last, with counts', async () => {
    const budget = budgetOf(2);
    await takeAll(budget);
    await takeAll(budget);
    budget.for('visitor').refused(1000);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![1]).toMatch(/rate limit is reached/);
    await vi.advanceTimersByTimeAsync(WINDOW_MS + 1000);
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.warn.mock.calls[1]).toEqual([
      expect.objectContaining({ heldBack: 2, refused: 1 }),
      expect.stringMatching(/no longer holds calls back/),
    ]);
  });

  it('reports what is left of the window', async () => {
    const observe = vi.fn();
    const budget = budgetOf(3, null, observe);
    await takeAll(budget);
    expect(observe.mock.calls.map(([remaining]) => remaining as number)).toEqual([2, 1, 0, 0]);
  });
});

describe('the fleet budget', () => {
  const fleetOf = (answers: () => Awaited<ReturnType<FleetBudget['take']>>): FleetBudget & { taken: string[] } => {
    const taken: string[] = [];
    return {
      taken,
      take: async (id) => {
        taken.push(id);
        return answers();
      },
      settle: async () => {},
      cap: async () => {},
      block: async () => {},
    };
  };

  it('decides while Redis answers', async () => {
    const fleet = fleetOf(() => ({ waitMs: 500, remaining: 0 }));
    await expect(takeNow(budgetOf(100, fleet))).rejects.toMatchObject({ retryAfterMs: 500 });
    expect(fleet.taken).toHaveLength(1);
  });

  it("falls back to the process's own budget while Redis does not answer", async () => {
    const fleet = fleetOf(() => null);
    const { settles } = await takeAll(budgetOf(4, fleet));
    expect(settles).toHaveLength(4);
    expect(fleet.taken).toHaveLength(5);
  });

  it("counts the fleet's calls of this process in its own budget too, for an outage mid-window", async () => {
    let redisUp = true;
    const fleet = fleetOf(() => (redisUp ? { waitMs: 0, remaining: 50 } : null));
    const budget = budgetOf(4, fleet);
    for (let call = 0; call < 3; call += 1) await takeNow(budget);
    redisUp = false;
    expect((await takeAll(budget)).settles).toHaveLength(1);
  });
});
