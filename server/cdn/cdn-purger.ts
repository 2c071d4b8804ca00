import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { CdnName, PurgeApi } from './purge-api.ts';
import { retryAfterMs } from '../../src/common/retry-after.ts';

// Sends the surrogate keys of each change to the CDN's purge API, behind the webhook's answer: keys are
// queued and go out one request at a time, in batches within the API's bound (keys queued while a request
// runs join the next one), each batch tried again on a network error, a timeout, 429 or 5xx, waiting
// longer each time and at least as long as the API's Retry-After. A batch that still fails is logged with
// its keys and counted; the CDN then serves its pages until their `s-maxage` ends.

/** One attempt's bound. */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** The longest wait before a retry, whatever Retry-After asks. */
const MAX_WAIT_MS = 5 * 60_000;
/** How much of an error answer the log keeps. */
const EXCERPT_LENGTH = 300;

export type PurgeOutcome = 'ok' | 'retried' | 'failed';

export interface CdnPurger {
  readonly cdn: CdnName;
  /** Queues `keys` and returns at once. */
  purge(keys: readonly string[]): void;
  /** Stops sending; what is queued or waiting for a retry is given up (and logged). */
  close(): Promise<void>;
}

type Attempt =
  { ok: true } | { ok: false; status: number | null; retryable: boolean; waitMs: number | null; reason: string };

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export const createCdnPurger = ({
  api,
  attempts,
  retryMs,
  log,
  onRequest,
}: {
  api: PurgeApi;
  attempts: number;
  retryMs: number;
  log: Logger;
  /** Each request's outcome: done, failed but tried again, or failed for good. */
  onRequest: (outcome: PurgeOutcome) => void;
}): CdnPurger => {
  const { cdn } = api;
  const queued = new Set<string>();
  const stopping = new AbortController();
  let sending: Promise<void> | null = null;

  const attempt = async (keys: readonly string[]): Promise<Attempt> => {
    const { url, headers, body } = api.request(keys);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body,
        // The token goes to the API's address and nowhere else.
        redirect: 'error',
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      });
      const text = await response.text();
      if (response.ok && api.accepted(parseJson(text))) return { ok: true };
      return {
        ok: false,
        status: response.status,
        retryable: response.status === 429 || response.status >= 500,
        waitMs: retryAfterMs(response.headers.get('Retry-After')),
        reason: text.slice(0, EXCERPT_LENGTH),
      };
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      const reason = [(error as Error).message, cause].filter(Boolean).join(': ');
      return { ok: false, status: null, retryable: true, waitMs: null, reason };
    }
  };

  const send = async (keys: readonly string[]): Promise<void> => {
    for (let tries = 1; !stopping.signal.aborted; tries += 1) {
      const result = await attempt(keys);
      if (result.ok) {
        onRequest('ok');
        log.info({ cdn, keys: keys.length, tries }, 'CDN purged');
        return;
      }
      if (stopping.signal.aborted) break;
      const { status, reason } = result;
      if (!result.retryable || tries >= attempts) {
        onRequest('failed');
        log.error(
          { cdn, status, reason, tries, keys },
          'CDN purge failed: the CDN serves these pages until their s-maxage ends',
        );
        return;
      }
      onRequest('retried');
      const waitMs = Math.min(MAX_WAIT_MS, Math.max(retryMs * 2 ** (tries - 1), result.waitMs ?? 0));
      log.warn({ cdn, status, reason, tries, waitMs }, 'CDN purge failed; trying again');
      await sleep(waitMs, undefined, { signal: stopping.signal }).catch(() => {});
    }
    // Stopped: close() logs these keys with those still queued.
    for (const key of keys) queued.add(key);
  };

  const sendQueued = async (): Promise<void> => {
    while (queued.size > 0 && !stopping.signal.aborted) {
      const batch = [...queued].slice(0, api.maxKeysPerRequest);
      for (const key of batch) queued.delete(key);
      await send(batch);
    }
    sending = null;
  };

  return {
    cdn,
    purge(keys) {
      if (stopping.signal.aborted || keys.length === 0) return;
      for (const key of keys) queued.add(key);
      sending ??= sendQueued();
    },
    async close() {
      stopping.abort();
      await sending;
      if (queued.size > 0) log.warn({ cdn, keys: [...queued] }, 'CDN purge given up at shutdown');
      queued.clear();
    },
  };
};
