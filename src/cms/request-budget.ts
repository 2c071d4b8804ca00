import 'server-only';
import { UpstreamThrottledError } from '../common/get-json.ts';
import type { CallBudget } from '../common/get-json.ts';
import type { CmsRateLimit, FleetBudget, RenderLog } from '../common/contract.ts';

// The site's budget of CMS calls (DESIGN section 9, "The CMS's rate limit"): Statamic's REST API allows
// a client address so many requests a window (Laravel's `api` throttle: 60 a minute) and answers 429
// beyond. The site never asks for more: at most `limit` calls in any window's length, counted from the
// answer of each call (the CMS counts a request when it gets it, which is before its answer), and no call
// at all while a 429's Retry-After runs. The limit is CMS_MAX_REQUESTS_PER_MINUTE, lowered (never raised)
// by the X-RateLimit-Limit the CMS sends; X-RateLimit-Remaining caps what is left of the window, so calls
// of an earlier process or of another client on the same address count too. With Redis the replicas keep
// one budget (they share one egress address); while Redis is away each keeps its own.
//
// Calls nobody waits for (a refresh behind a stale copy, the warm-up) leave a reserve of a quarter of the
// window's calls to visitors, and never wait; a visitor's call waits for a free call up to the page's
// time budget (CMS_RATE_LIMIT_WAIT_MS). A call that cannot be made is not sent: an UpstreamThrottledError
// says when to try again (the page answers from what is kept, else 503 with Retry-After). A period of
// held-back or refused calls is logged once when it starts and once when it ends, with its counts.

export type CallPriority = 'visitor' | 'background';

export interface RequestBudget {
  /** The budget as one GET of this priority uses it (src/common/get-json.ts). */
  for(priority: CallPriority): CallBudget;
}

/** The share of a window's calls that only visitors' calls may use. */
const RESERVE_SHARE = 1 / 4;

/** What one take found: 0 and what is left, or how long until a call may be taken. */
interface Take {
  waitMs: number;
  remaining: number;
  /** Tells the budget that the call taken was answered (or failed) now. */
  settle: () => void;
}

/** A positive whole number in a header, or null. */
const headerCount = (headers: Headers, name: string, min: number): number | null => {
  const text = headers.get(name)?.trim();
  if (!text || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= min ? value : null;
};

/**
 * The budget of one process: the calls of the last window, each by the time its slot frees (a window
 * after its answer; never while it runs: the CMS may count it from any moment until it answers), and the
 * end of the last 429's wait.
 */
const createLocalBudget = (windowMs: number, now: () => number) => {
  const frees = new Map<number, number>();
  let blockedUntil = 0;
  let lastId = 0;
  const prune = () => {
    const at = now();
    for (const [id, freesAt] of frees) if (freesAt <= at) frees.delete(id);
  };
  /** Counts a call from now; its settle frees its slot a window after the answer. */
  const record = (): (() => void) => {
    const id = (lastId += 1);
    frees.set(id, Number.POSITIVE_INFINITY);
    return () => frees.set(id, now() + windowMs);
  };
  return {
    record,
    take(limit: number | null, reserve: number): Take {
      prune();
      const at = now();
      const none = () => {};
      if (at < blockedUntil) return { waitMs: blockedUntil - at, remaining: 0, settle: none };
      if (limit === null) return { waitMs: 0, remaining: Number.POSITIVE_INFINITY, settle: none };
      const count = frees.size;
      if (count + reserve < limit) return { waitMs: 0, remaining: limit - count - 1, settle: record() };
      // The slot that frees once enough of those taken have left the window.
      const leaving = count - (limit - reserve) + 1;
      const sorted = [...frees.values()].sort((x, y) => x - y);
      // A call still running frees its slot a window after its answer, at the soonest.
      const freesAt = Math.min(leaving <= count ? sorted[leaving - 1]! : Number.POSITIVE_INFINITY, at + windowMs);
      return { waitMs: Math.max(1, freesAt - at), remaining: Math.max(0, limit - count), settle: none };
    },
    /** At most `remaining` more calls in this window, of `limit`. */
    cap(limit: number, remaining: number) {
      prune();
      const at = now();
      for (let extra = limit - frees.size - remaining; extra > 0; extra -= 1) frees.set((lastId += 1), at + windowMs);
    },
    block(ms: number) {
      blockedUntil = Math.max(blockedUntil, now() + ms);
    },
  };
};

export const createRequestBudget = ({
  rateLimit,
  fleet,
  log,
  observe = () => {},
  now = () => performance.now(),
}: {
  rateLimit: Pick<CmsRateLimit, 'maxPerWindow' | 'windowMs'>;
  /** The replicas' shared budget (Redis), or null. */
  fleet: FleetBudget | null;
  log: RenderLog;
  /** Told what is left of the window after each take, while there is a limit. */
  observe?: (remaining: number) => void;
  /** A monotonic clock in milliseconds (performance.now()); tests pass a fake one with fake timers. */
  now?: () => number;
}): RequestBudget => {
  const { maxPerWindow, windowMs } = rateLimit;
  const local = createLocalBudget(windowMs, now);
  /** What the CMS said its limit is (X-RateLimit-Limit); it lowers the setting, never raises it. */
  let announced: number | null = null;
  const limit = (): number | null =>
    maxPerWindow === null ? announced : announced === null ? maxPerWindow : Math.min(maxPerWindow, announced);
  // Ids unique across the fleet: this process's own prefix.
  const prefix = `${crypto.randomUUID()}:`;
  let lastId = 0;

  /** A period of held-back or refused calls; it ends once a window passes without one. */
  let episode: { since: number; waited: number; heldBack: number; refused: number; end?: NodeJS.Timeout } | null = null;
  const note = (kind: 'waited' | 'heldBack' | 'refused', waitMs: number) => {
    if (!episode) {
      log.warn(
        { limit: limit(), windowMs, waitMs: Math.round(waitMs) },
        "the CMS's rate limit is reached: CMS calls wait or are held back; pages answer from what is kept, else 503",
      );
      episode = { since: now(), waited: 0, heldBack: 0, refused: 0 };
    }
    episode[kind] += 1;
    clearTimeout(episode.end);
    episode.end = setTimeout(() => {
      const { since, waited, heldBack, refused } = episode!;
      episode = null;
      log.warn(
        { seconds: Math.round((now() - since) / 1000), waited, heldBack, refused },
        "the CMS's rate limit no longer holds calls back",
      );
    }, windowMs + waitMs);
    episode.end.unref();
  };

  /** One take, of the fleet's budget while Redis answers, else of this process's. */
  const takeOnce = async (priority: CallPriority): Promise<Take> => {
    const max = limit();
    const reserve = max !== null && priority === 'background' ? Math.ceil(max * RESERVE_SHARE) : 0;
    if (fleet) {
      const id = `${prefix}${(lastId += 1)}`;
      const shared = await fleet.take(id, max, reserve);
      if (shared?.waitMs === 0) {
        // This process counts its own calls too, for a Redis outage in the middle of a window.
        const own = max === null ? () => {} : local.record();
        return {
          ...shared,
          settle: () => {
            void fleet.settle(id);
            own();
          },
        };
      }
      if (shared) return { ...shared, settle: () => {} };
    }
    return local.take(max, reserve);
  };

  /** What an answer says of the limit: X-RateLimit-Limit lowers it, X-RateLimit-Remaining caps the window. */
  const hear = (headers: Headers) => {
    const announcedLimit = headerCount(headers, 'x-ratelimit-limit', 1);
    if (announcedLimit !== null) announced = announcedLimit;
    const remaining = headerCount(headers, 'x-ratelimit-remaining', 0);
    const max = limit();
    if (remaining === null || max === null) return;
    local.cap(max, remaining);
    if (fleet) void fleet.cap(max, remaining);
  };

  const budgetFor = (priority: CallPriority): CallBudget => ({
    async take(url, deadline) {
      for (let waited = false; ; waited = true) {
        const taken = await takeOnce(priority);
        if (limit() !== null) observe(taken.remaining);
        if (taken.waitMs === 0) {
          if (waited) note('waited', 0);
          return (answer) => {
            taken.settle();
            if (answer) hear(answer);
          };
        }
        if (priority === 'background' || now() + taken.waitMs > deadline) {
          note('heldBack', taken.waitMs);
          throw new UpstreamThrottledError(
            `CMS call held back by the rate limit: ${url}`,
            url,
            null,
            Math.ceil(taken.waitMs),
          );
        }
        await new Promise((resolve) => setTimeout(resolve, taken.waitMs));
      }
    },
    refused(retryAfterMs) {
      // Without a Retry-After, a whole window: Laravel's is never longer.
      const waitMs = retryAfterMs ?? windowMs;
      note('refused', waitMs);
      local.block(waitMs);
      if (fleet) void fleet.block(waitMs);
      return waitMs;
    },
  });
  return { for: budgetFor };
};
