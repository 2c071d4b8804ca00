import { startTransition } from 'react';
import { createFromFetch, createFromReadableStream } from 'react-server-dom-webpack/client';
import { EXTERNAL_REDIRECT_HEADER, RSC_CONTENT_TYPE, RSC_QUERY_PARAM } from '../common/payload.ts';
import type { RscPayload } from '../common/payload.ts';
import { dropPreloads, preloadPayload, takePayload } from './payload-fetch.ts';
import { samePage } from './same-page.ts';
import { rememberScrollPosition } from './scroll.ts';
import { navigationStarted } from './transitions.ts';

// Client navigation: take the route's RSC payload (preloaded or fetched) and hand it to the router,
// which commits it and then updates the history and the scroll position. Anything unexpected, and any
// navigation once a newer build is live, is a full page load of the target.

type HistoryUpdate = 'push' | 'replace' | 'none';
/** Where the new page is shown: at the top (or its hash target), where the reader was, or as it is. */
type ScrollUpdate = 'top' | 'restore' | 'keep';

export interface RouterState {
  payload: PromiseLike<RscPayload>;
  href: string;
  history: HistoryUpdate;
  scroll: ScrollUpdate;
}

export interface NavigateOptions {
  history?: HistoryUpdate;
  scroll?: ScrollUpdate;
}

let commit: ((state: RouterState) => void) | null = null;
let buildId: string | null = null;
let outdated = false;
let latestNavigation = 0;
let pendingTarget: string | null = null;

export const connectRouter = (update: (state: RouterState) => void, currentBuildId: string): void => {
  commit = update;
  buildId = currentBuildId;
};

export const navigationCommitted = (): void => {
  pendingTarget = null;
};

/** Where a navigation that failed while rendering should go with a full page load, if any. */
export const pendingNavigationTarget = (): string | null => pendingTarget;

/** A newer build is live: from now on every navigation loads its page in full. */
export const markOutdated = (): void => {
  outdated = true;
  dropPreloads();
};

export const preload = (href: string): void => {
  const target = new URL(href, window.location.href);
  if (!buildId || outdated || target.origin !== window.location.origin) return;
  if (samePage(target, window.location)) return;
  preloadPayload(target.href, buildId);
};

const fullPageLoad = (href: string): void => {
  window.location.assign(href);
};

/** A stream of one chunk: its rows are all decoded in the same turn. */
const inOnePiece = (bytes: ArrayBuffer): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });

const withoutPayloadParam = (href: string): string => {
  const url = new URL(href);
  url.searchParams.delete(RSC_QUERY_PARAM);
  return url.href;
};

export const navigate = async (
  href: string,
  { history = 'push', scroll = 'top' }: NavigateOptions = {},
): Promise<void> => {
  const target = new URL(href, window.location.href);
  if (!commit || !buildId || outdated) return fullPageLoad(target.href);
  const navigation = (latestNavigation += 1);
  pendingTarget = target.href;
  if (scroll !== 'keep') {
    rememberScrollPosition();
    navigationStarted();
  }

  let fetched: Awaited<ReturnType<typeof takePayload>>;
  try {
    fetched = await takePayload(target.href, buildId);
  } catch (error) {
    console.warn('Payload request failed, loading the page in full', error);
    return fullPageLoad(target.href);
  }
  const { response } = fetched;
  // A newer navigation started meanwhile: this answer is not read, and its connection is let go.
  if (navigation !== latestNavigation) return void response.body?.cancel().catch(() => undefined);

  const external = response.headers.get(EXTERNAL_REDIRECT_HEADER);
  if (external) return fullPageLoad(external);
  // A payload for another build, or anything that is not a payload, is not ours to render.
  if (!response.headers.get('Content-Type')?.startsWith(RSC_CONTENT_TYPE)) {
    console.warn(`Payload request answered ${response.status}, loading the page in full`);
    return fullPageLoad(target.href);
  }

  // fetch followed any redirect: the page is at the final URL.
  const finalHref = fetched.redirected ? withoutPayloadParam(fetched.url) + target.hash : target.href;
  pendingTarget = finalHref;
  // Back and forward restore a scroll position: the page must be whole to scroll there, so its payload
  // is read to the end and decoded in one piece before it renders; nothing streams in after the jump.
  const payload =
    scroll === 'restore'
      ? createFromReadableStream<RscPayload>(inOnePiece(await response.arrayBuffer()))
      : createFromFetch<RscPayload>(Promise.resolve(response));
  if (scroll === 'restore') await payload;
  if (navigation !== latestNavigation) return;
  // A redirected back or forward still corrects the address.
  const update = fetched.redirected && history === 'none' ? 'replace' : history;
  startTransition(() => commit?.({ payload, href: finalHref, history: update, scroll }));
};
