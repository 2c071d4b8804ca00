import pRetry, { AbortError } from 'p-retry';

// One GET against an upstream service (the CMS, the register API): the secret header, a timeout per
// attempt, and one immediate retry for the statuses and failures that may pass (docs/specification.md
// sections 5 and 9.3). Other methods are never sent. A redirect is followed only on the same origin (the
// secret header must not travel to another host), and an answer larger than `maxBytes` is refused.

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

export interface UpstreamOptions {
  /** Names the service in errors and logs, e.g. `CMS`. */
  service: string;
  headers: Record<string, string>;
  /** Per attempt; a timed-out attempt counts as a network failure. */
  timeoutMs: number;
  /** The largest body accepted. */
  maxBytes: number;
  /** Told of each attempt's outcome, duration and URL (metrics, traces). */
  observe?: (outcome: 'ok' | 'retried' | 'failed', seconds: number, url: string) => void;
}

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

const attempt = async (url: string, { service, headers, timeoutMs, maxBytes }: UpstreamOptions): Promise<unknown> => {
  const shownUrl = redactToken(url);
  let body: string;
  let status: number;
  try {
    const response = await fetchFollowingSameOrigin(
      url,
      { headers: { Accept: 'application/json', ...headers }, signal: AbortSignal.timeout(timeoutMs) },
      service,
    );
    status = response.status;
    // A 404 is an answer (no such entry), not a failure.
    if (status === 404) return null;
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
  try {
    let started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    const value = await pRetry(
      async () => {
        started = performance.now();
        return attempt(url, options);
      },
      {
        retries: 1,
        minTimeout: 0,
        maxTimeout: 0,
        randomize: false,
        onFailedAttempt: ({ retriesLeft }) => options.observe?.(retriesLeft > 0 ? 'retried' : 'failed', elapsed(), url),
      },
    );
    options.observe?.('ok', elapsed(), url);
    return value;
  } catch (error) {
    throw error instanceof AbortError ? (error.originalError ?? error) : error;
  }
};
