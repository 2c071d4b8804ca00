import { setTimeout as sleep } from 'node:timers/promises';
import pRetry, { AbortError } from 'p-retry';
import { retryAfterMs } from './retry-after.ts';

// One GET against an upstream service (the CMS, the register API): the secret header, a timeout per
// attempt, and one retry for the statuses and failures that may pass (docs/specification.md sections 5
// and 9.3): at once, except after a 429, which is retried once its Retry-After has passed and only when
// that is within `waitLimitMs` (DESIGN section 9, "Timeout and retry"). Other methods are never sent. A
// redirect is followed only on the same origin (the secret header must not travel to another host), and
// an answer larger than `maxBytes` is refused. With a `budget` (the CMS's rate limit), every attempt
// takes a call of it first, and it hears what each answer says of the limit.

const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export class UpstreamRequestError extends Error {
  override name = 'UpstreamRequestError';
  readonly status: number | null;
  readonly url: string;

  constructor(message: string, url: string, status: number | null, options?: ErrorOptions) {
    super(message, options);
    this.url = url;
    this.status = status;
  }
}

/** A call that was not made, or not made again, for the service's rate limit: try again in `retryAfterMs`. */
export class UpstreamThrottledError extends UpstreamRequestError {
  override name = 'UpstreamThrottledError';
  readonly retryAfterMs: number;

  constructor(message: string, url: string, status: 429 | null, retryAfterMs: number) {
    super(message, url, status);
    this.retryAfterMs = retryAfterMs;
  }
}

/** The calls a service allows (the CMS's rate limit: src/cms/request-budget.ts), as one GET uses them. */
export interface CallBudget {
  /**
   * Takes a call of the budget, waiting for one at most until `deadline` (a `performance.now()` time).
   * Resolves with what to tell it once answered; rejects with an UpstreamThrottledError when no call comes
   * by then.
   */
  take(url: string, deadline: number): Promise<(answer: Headers | null) => void>;
  /** A 429 that asked to wait `retryAfterMs` (null: it said not how long); answers the wait the budget now keeps. */
  refused(retryAfterMs: number | null): number;
}

export interface UpstreamOptions {
  /** Names the service in errors and logs, e.g. `CMS`. */
  service: string;
  headers: Record<string, string>;
  /** Per attempt; a timed-out attempt counts as a network failure. */
  timeoutMs: number;
  /** The largest body accepted. */
  maxBytes: number;
  /** The calls the service allows; absent: as many as asked. */
  budget?: CallBudget;
  /** How long a call may wait for its budget or a 429's Retry-After; absent: not at all. */
  waitLimitMs?: number;
  /**
   * Told of each attempt's outcome, duration and URL (metrics, traces): `refused` is a 429, `throttled`
   * an attempt not sent for want of budget.
   */
  observe?: (outcome: UpstreamOutcome, seconds: number, url: string) => void;
}

type UpstreamOutcome = 'ok' | 'retried' | 'failed' | 'refused' | 'throttled';

/** Preview tokens are secrets: URLs in errors and logs carry none. */
export const redactToken = (url: string): string => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

const MAX_REDIRECTS = 3;

/** The response at the end of same-origin redirects; another origin is a failure that a retry cannot mend. */
const fetchFollowingSameOrigin = async (url: string, init: RequestInit, service: string): Promise<Response> => {
  let current = url;
  for (let hop = 0; ; hop += 1) {
    const response = await fetch(current, { ...init, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    const next = new URL(location, current);
    if (next.origin !== new URL(url).origin || hop >= MAX_REDIRECTS) {
      const shown = redactToken(url);
      throw new AbortError(
        new UpstreamRequestError(
          `${service} redirected ${shown} to ${next.origin === new URL(url).origin ? 'too many places' : 'another host'}`,
          shown,
          response.status,
        ),
      );
    }
    current = next.href;
  }
};

/** The body as text, refused once it grows beyond `maxBytes` (whatever Content-Length said). */
const readBounded = async (response: Response, maxBytes: number, tooLarge: () => Error): Promise<string> => {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    size += read.value.length;
    if (size > maxBytes) {
      await reader!.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * Retry-After counts whole seconds, cut short: Laravel's says the seconds between two whole-second
 * timestamps, while its window ends at the fraction of a second its first request came
 * (Illuminate\Cache\RateLimiter::availableIn). A second more is never too early.
 */
const RETRY_AFTER_ROUNDING_MS = 1000;

/** A 429 as an error: how long the service asks to wait, as the budget took it (which knows a wait it did not say). */
const refusal = (response: Response, options: UpstreamOptions, shownUrl: string): UpstreamThrottledError => {
  const said = retryAfterMs(response.headers.get('retry-after'));
  const asked = said === null ? null : said + RETRY_AFTER_ROUNDING_MS;
  const waitMs = options.budget ? options.budget.refused(asked) : asked;
  return new UpstreamThrottledError(
    `${options.service} answered 429 for ${shownUrl}${waitMs === null ? '' : ` (retry after ${waitMs} ms)`}`,
    shownUrl,
    429,
    // Without a budget or a Retry-After nobody knows when: not retried.
    waitMs ?? Number.POSITIVE_INFINITY,
  );
};

const attempt = async (url: string, options: UpstreamOptions, deadline: number): Promise<unknown> => {
  const { service, headers, timeoutMs, maxBytes, budget } = options;
  const shownUrl = redactToken(url);
  // A call the budget cannot give by the deadline is not sent, and not tried again.
  let answered = budget
    ? await budget.take(url, deadline).catch((error: unknown) => {
        throw new AbortError(error as Error);
      })
    : undefined;
  const tell = (answer: Headers | null) => {
    answered?.(answer);
    answered = undefined;
  };
  let body: string;
  let status: number;
  try {
    const response = await fetchFollowingSameOrigin(
      url,
      { headers: { Accept: 'application/json', ...headers }, signal: AbortSignal.timeout(timeoutMs) },
      service,
    );
    tell(response.headers);
    status = response.status;
    // A 404 is an answer (no such entry), not a failure.
    if (status === 404) return null;
    if (status === 429) {
      await response.body?.cancel();
      throw refusal(response, options, shownUrl);
    }
    if (!response.ok) {
      await response.body?.cancel();
      const error = new UpstreamRequestError(`${service} answered ${status} for ${shownUrl}`, shownUrl, status);
      throw RETRYABLE_STATUSES.has(status) ? error : new AbortError(error);
    }
    body = await readBounded(
      response,
      maxBytes,
      () =>
        new AbortError(
          new UpstreamRequestError(`${service} sent more than ${maxBytes} bytes for ${shownUrl}`, shownUrl, status),
        ),
    );
  } catch (error) {
    // A call that failed on the way may still have reached the service: it counts.
    tell(null);
    if (error instanceof UpstreamRequestError || error instanceof AbortError) throw error;
    // Connection refused or reset, DNS, timeout: worth one more try.
    throw new UpstreamRequestError(
      `${service} request failed for ${shownUrl}: ${(error as Error).message}`,
      shownUrl,
      null,
      { cause: error },
    );
  }
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new AbortError(
      new UpstreamRequestError(`${service} sent invalid JSON for ${shownUrl}`, shownUrl, status, { cause: error }),
    );
  }
};

/** The parsed JSON body, or null for 404. Throws an UpstreamRequestError when the service cannot answer. */
export const getJson = async (url: string, options: UpstreamOptions): Promise<unknown> => {
  const deadline = performance.now() + (options.waitLimitMs ?? 0);
  let started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  try {
    const value = await pRetry(
      async () => {
        started = performance.now();
        return attempt(url, options, deadline);
      },
      {
        retries: 1,
        minTimeout: 0,
        maxTimeout: 0,
        randomize: false,
        onFailedAttempt: async ({ error, retriesLeft }) => {
          if (!(error instanceof UpstreamThrottledError)) {
            options.observe?.(retriesLeft > 0 ? 'retried' : 'failed', elapsed(), url);
            return;
          }
          options.observe?.('refused', elapsed(), url);
          // Never before its Retry-After, and not at all when that is past what the caller may wait.
          if (retriesLeft === 0 || performance.now() + error.retryAfterMs > deadline) throw error;
          await sleep(error.retryAfterMs);
        },
      },
    );
    options.observe?.('ok', elapsed(), url);
    return value;
  } catch (error) {
    const reason = error instanceof AbortError ? (error.originalError ?? error) : error;
    if (reason instanceof UpstreamThrottledError && reason.status === null) options.observe?.('throttled', 0, url);
    throw reason;
  }
};
