import { startTransition } from 'react';
import { createFromFetch } from 'react-server-dom-webpack/client';
import { EXTERNAL_REDIRECT_HEADER, RSC_CONTENT_TYPE, RSC_QUERY_PARAM, payloadUrl } from '../payload.ts';
import type { RscPayload } from '../payload.ts';

// Client navigation: fetch the route's RSC payload and hand it to the router, which commits it and
// then updates the history. Anything unexpected falls back to a full page load of the target.

export type HistoryUpdate = 'push' | 'replace' | 'none';

export interface RouterState {
  payload: PromiseLike<RscPayload>;
  href: string;
  history: HistoryUpdate;
  /** Whether the new page starts at the top; a search refined in place keeps the reader where they are. */
  scroll: boolean;
}

export interface NavigateOptions {
  history?: HistoryUpdate;
  scroll?: boolean;
}

let commit: ((state: RouterState) => void) | null = null;
let buildId: string | null = null;
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

const fullPageLoad = (href: string): void => {
  window.location.assign(href);
};

const withoutPayloadParam = (href: string): string => {
  const url = new URL(href);
  url.searchParams.delete(RSC_QUERY_PARAM);
  return url.href;
};

export const navigate = async (href: string, { history = 'push', scroll = true }: NavigateOptions = {}): Promise<void> => {
  const target = new URL(href, window.location.href);
  if (!commit || !buildId) return fullPageLoad(target.href);
  const navigation = (latestNavigation += 1);
  pendingTarget = target.href;

  let response: Response;
  try {
    response = await fetch(payloadUrl(target.href, buildId), { headers: { Accept: RSC_CONTENT_TYPE } });
  } catch (error) {
    console.warn('Payload request failed, loading the page in full', error);
    return fullPageLoad(target.href);
  }
  if (navigation !== latestNavigation) return;

  const external = response.headers.get(EXTERNAL_REDIRECT_HEADER);
  if (external) return fullPageLoad(external);
  // A payload for another build, or anything that is not a payload, is not ours to render.
  if (!response.headers.get('Content-Type')?.startsWith(RSC_CONTENT_TYPE)) {
    console.warn(`Payload request answered ${response.status}, loading the page in full`);
    return fullPageLoad(target.href);
  }

  // fetch followed any redirect: the page is at the final URL.
  const finalHref = response.redirected ? withoutPayloadParam(response.url) + target.hash : target.href;
  pendingTarget = finalHref;
  const payload = createFromFetch<RscPayload>(Promise.resolve(response));
  // A redirected back or forward still corrects the address.
  const update = response.redirected && history === 'none' ? 'replace' : history;
  startTransition(() => commit?.({ payload, href: finalHref, history: update, scroll }));
};
