import { RSC_CONTENT_TYPE, payloadUrl } from '../common/payload.ts';

// Route payloads, fetched for a navigation or ahead of it: links in view or under the pointer are
// preloaded, at most MAX_PENDING_PRELOADS at a time (docs/specification.md section 8), and a navigation
// to a preloaded page takes its payload instead of asking again. A preload is read to its end, so it is
// done once it stops counting as pending; it is used once, and not after PRELOAD_FRESH_MS.

const MAX_PENDING_PRELOADS = 4;
const PRELOAD_FRESH_MS = 30_000;

export interface FetchedPayload {
  /** The response; its body not yet read for a navigation's own fetch. */
  response: Response;
  /** The URL the payload came from after redirects, and whether there were any. */
  url: string;
  redirected: boolean;
}

interface Preload {
  started: number;
  /** Whether its request has started; a preload waits while four others are pending. */
  running: boolean;
  run(): void;
  payload: Promise<FetchedPayload>;
}

const preloads = new Map<string, Preload>();
/** Pages waiting for a preload slot, in the order they asked. */
const queue: string[] = [];
let pending = 0;

const pageKey = (href: string): string => {
  const url = new URL(href);
  url.hash = '';
  return url.href;
};

const fetchPayload = async (href: string, buildId: string): Promise<FetchedPayload> => {
  const response = await fetch(payloadUrl(href, buildId), { headers: { Accept: RSC_CONTENT_TYPE } });
  return { response, url: response.url, redirected: response.redirected };
};

const startWaiting = (): void => {
  while (pending < MAX_PENDING_PRELOADS && queue.length > 0) {
    const preload = preloads.get(queue.shift()!);
    if (!preload || preload.running) continue;
    preload.running = true;
    pending += 1;
    preload.run();
  }
};

/** Fetches the payload of `href` ahead of a click; with four preloads pending, it waits its turn. */
export const preloadPayload = (href: string, buildId: string): void => {
  const key = pageKey(href);
  const known = preloads.get(key);
  if (known && performance.now() - known.started < PRELOAD_FRESH_MS) return;
  let run!: () => void;
  const turn = new Promise<void>((resolve) => {
    run = resolve;
  });
  const payload = turn.then(async () => {
    const fetched = await fetchPayload(key, buildId);
    // Read in full: the body then waits in memory, and the request no longer counts as pending.
    const body = await fetched.response.arrayBuffer();
    return {
      ...fetched,
      response: new Response(body, { status: fetched.response.status, headers: fetched.response.headers }),
    };
  });
  // Only a started preload settles, and each frees its slot for the next.
  void payload
    .catch(() => preloads.delete(key))
    .finally(() => {
      pending -= 1;
      startWaiting();
    });
  preloads.set(key, { started: performance.now(), running: false, run, payload });
  queue.push(key);
  startWaiting();
};

/** The payload of `href` for a navigation: a fresh, started preload when there is one, else a new request. */
export const takePayload = (href: string, buildId: string): Promise<FetchedPayload> => {
  const key = pageKey(href);
  const preload = preloads.get(key);
  preloads.delete(key);
  if (preload?.running && performance.now() - preload.started < PRELOAD_FRESH_MS)
    return preload.payload.catch(() => fetchPayload(key, buildId));
  return fetchPayload(key, buildId);
};

/** Forgets every preload (a new build makes them useless). */
export const dropPreloads = (): void => {
  preloads.clear();
  queue.length = 0;
};
