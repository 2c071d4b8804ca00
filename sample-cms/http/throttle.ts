import { jsonReply } from './reply.ts';
import type { Reply } from './reply.ts';

// The throttle Laravel's `api` middleware group puts in front of Statamic's REST API: `throttle:api`
// (laravel/laravel 10.x app/Http/Kernel.php), the `api` limiter being `Limit::perMinute(60)->by(user id
// or $request->ip())` (app/Providers/RouteServiceProvider.php). As Illuminate\Routing\Middleware\
// ThrottleRequests and Illuminate\Cache\RateLimiter do it: a fixed window per client address that opens
// at its first request and lasts `windowSeconds` (whole seconds, as Laravel's cache timestamps); every
// request let through counts, whatever it answers; one refused does not. An answer let through carries
// `X-RateLimit-Limit` and `X-RateLimit-Remaining` (after this request); a refused one is
// `429 {"message": "Too Many Attempts."}` with `Retry-After` (seconds to the window's end),
// `X-RateLimit-Reset` (that end, Unix seconds) and `X-RateLimit-Remaining: 0`.

export interface ThrottleSettings {
  /** Requests per window per client address. */
  limit: number;
  windowSeconds: number;
}

type ThrottleOutcome = { headers: Record<string, string> } | { refused: Reply };

export interface Throttle {
  /** Counts a request from `client`: the headers for its answer, or the answer refusing it. */
  take(client: string): ThrottleOutcome;
}

/** Windows kept before the ended ones are swept out (each client address has one). */
const SWEEP_ABOVE = 1000;

export const createThrottle = ({ limit, windowSeconds }: ThrottleSettings, now: () => Date): Throttle => {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  const sweep = (second: number) => {
    if (windows.size < SWEEP_ABOVE) return;
    for (const [client, window] of windows) if (window.endsAt <= second) windows.delete(client);
  };
  return {
    take(client) {
      const second = Math.floor(now().getTime() / 1000);
      let window = windows.get(client);
      // Laravel's cache drops the counter and its timer together when the window's time is up.
      if (window && window.endsAt <= second) window = undefined;
      if (window && window.hits >= limit) {
        const retryAfter = window.endsAt - second;
        return {
          refused: jsonReply(
            429,
            { message: 'Too Many Attempts.' },
            {
              'X-RateLimit-Limit': String(limit),
              'X-RateLimit-Remaining': '0',
              'Retry-After': String(retryAfter),
              'X-RateLimit-Reset': String(second + retryAfter),
            },
          ),
        };
      }
      if (!window) {
        sweep(second);
        window = { hits: 0, endsAt: second + windowSeconds };
        windows.set(client, window);
      }
      window.hits += 1;
      return {
        headers: { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(limit - window.hits) },
      };
    },
  };
};
