// The rate limit of stock Statamic's REST API, as Laravel's `throttle` middleware keeps it for one client
// (Illuminate\Cache\RateLimiter, Illuminate\Routing\Middleware\ThrottleRequests): a window opens at the
// first request and lasts `windowMs`; past `limit` requests in it, 429 with Retry-After (whole seconds
// between two whole-second timestamps, cut short as Laravel's are) and X-RateLimit-Reset; every answer
// says X-RateLimit-Limit and X-RateLimit-Remaining. A refused request is not counted. It records each
// request, and which came before a Retry-After it had given had passed: those that come within
// `inFlightMs` of the refusal were sent before the client could know of it (a burst of calls in flight
// together), and do not count.
//
// Not the sample CMS's throttle (sample-cms/http/throttle.ts), on purpose: that one keeps Laravel's
// whole-second cache timestamps, so that its window opens at the start of its first request's second and
// one of the tests' shortened 2 s windows may last little more than one. Here a window is measured in
// milliseconds from its first request, the windows mostInAWindow audits the client in, and every
// request is recorded for the tests to see how the client kept to the Retry-After it was given.

export interface ThrottledRequest {
  url: string;
  /** When it came (performance.now()). */
  at: number;
  refused: boolean;
  /** It came before the Retry-After of an earlier refusal had passed (and later than `inFlightMs` after it). */
  early: boolean;
}

export interface Throttle {
  readonly limit: number;
  readonly windowMs: number;
  readonly requests: ThrottledRequest[];
  /** Decides a request: refused or not, and the headers of its answer. */
  admit(url: string): { refused: boolean; headers: Record<string, string> };
}

export const createThrottle = ({
  limit,
  windowMs,
  inFlightMs = 0,
}: {
  limit: number;
  windowMs: number;
  inFlightMs?: number;
}): Throttle => {
  let window: { opened: number; hits: number } | null = null;
  /** The latest refusal, and the end of its Retry-After (performance.now()). */
  let refusal = { at: Number.NEGATIVE_INFINITY, ends: 0 };
  const requests: ThrottledRequest[] = [];
  return {
    limit,
    windowMs,
    requests,
    admit(url) {
      const at = performance.now();
      const wall = Date.now();
      if (window && at >= window.opened + windowMs) window = null;
      const early = at >= refusal.at + inFlightMs && at < refusal.ends;
      if (window && window.hits >= limit) {
        // Laravel: the timer's whole-second timestamp less the current one.
        const opensAgain = wall + (window.opened + windowMs - at);
        const seconds = Math.max(0, Math.floor(opensAgain / 1000) - Math.floor(wall / 1000));
        if (at + seconds * 1000 > refusal.ends) refusal = { at, ends: at + seconds * 1000 };
        requests.push({ url, at, refused: true, early });
        return {
          refused: true,
          headers: {
            'Retry-After': String(seconds),
            'X-RateLimit-Reset': String(Math.floor(wall / 1000) + seconds),
            'X-RateLimit-Limit': String(limit),
            'X-RateLimit-Remaining': '0',
          },
        };
      }
      window ??= { opened: at, hits: 0 };
      window.hits += 1;
      requests.push({ url, at, refused: false, early });
      return {
        refused: false,
        headers: { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(limit - window.hits) },
      };
    },
  };
};

/** Laravel's answer to a refused request (Illuminate\Http\Exceptions\ThrottleRequestsException). */
export const TOO_MANY_ATTEMPTS = JSON.stringify({ message: 'Too Many Attempts.' });

/** The most requests any window's length held, counting those not refused. */
export const mostInAWindow = (requests: readonly ThrottledRequest[], windowMs: number): number => {
  const admitted = requests.filter((request) => !request.refused).map((request) => request.at);
  let most = 0;
  for (let first = 0, last = 0; last < admitted.length; last += 1) {
    while (admitted[last]! - admitted[first]! >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
};
