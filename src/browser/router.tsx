import { startTransition, use, useEffect, useRef, useState } from 'react';
import type { RscPayload } from '../common/payload.ts';
import { startBuildCheck } from './build-check.ts';
import { followPage } from './follow-page.ts';
import { pageShown } from './page-shown.ts';
import { followRichTextLinks } from './rich-text-links.ts';
import { connectRouter, navigate, navigationCommitted, pendingNavigationTarget } from './navigation.ts';
import type { RouterState } from './navigation.ts';
import {
  applyScroll,
  followHistoryEntry,
  followSamePageEntry,
  newHistoryState,
  startScrollRecording,
} from './scroll.ts';
import { samePage } from './same-page.ts';
import { reachedByReturn, servedAddress } from './served-document.ts';
import { currentHashAtom, store } from './state.ts';

/** The root of the browser tree: renders the current payload; navigation swaps it. */
export const Router = ({ initial, buildId }: { initial: PromiseLike<RscPayload>; buildId: string }) => {
  const [state, setState] = useState<RouterState>(() => ({
    payload: initial,
    href: servedAddress(),
    history: 'none',
    scroll: 'keep',
  }));

  // The address of the page on screen.
  const shown = useRef(state.href);

  useEffect(() => {
    connectRouter(setState, buildId);
    // Back or forward pressed while the scripts loaded has moved the address, not the page: the page
    // of the address now follows, as after any traversal.
    const traversed = !samePage(new URL(shown.current), window.location);
    startScrollRecording({ returning: reachedByReturn() && !traversed });
    if (traversed) void navigate(window.location.href, { history: 'none', scroll: 'restore' });
    startBuildCheck(buildId);
    const stopFollowingRichText = followRichTextLinks();
    const onPopState = () => {
      // A change of the hash alone stays on the page: the state records it, and the scroll position is
      // the entry's (src/browser/scroll.ts). Compared with the page a navigation under way is about to
      // show, if any: back then forward in quick succession may come before the page of the first is on
      // screen (or before its effects have run).
      const current = pendingNavigationTarget() ?? shown.current;
      if (samePage(new URL(current), window.location)) {
        store.set(currentHashAtom, window.location.hash);
        followSamePageEntry();
      } else void navigate(window.location.href, { history: 'none', scroll: 'restore' });
    };
    window.addEventListener('popstate', onPopState);
    // Lets tests and monitoring see that the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
    return () => {
      window.removeEventListener('popstate', onPopState);
      stopFollowingRichText();
    };
  }, [buildId]);

  // The history changes once the new page is on screen, so that the address and the page agree.
  useEffect(() => {
    navigationCommitted();
    if (state.history !== 'none') {
      const entry = state.history === 'push' ? newHistoryState() : (window.history.state as object | null);
      window.history[state.history === 'push' ? 'pushState' : 'replaceState'](entry, '', state.href);
    }
    shown.current = state.href;
    followHistoryEntry();
    // The header, the menu and the flags on <html> follow the page in an interruptible render: on the
    // first view that is the whole page's first re-render, which would otherwise block a tap.
    startTransition(() => followPage(state.href));
    applyScroll(state.scroll, new URL(state.href).hash);
    // A search refined in place (replace) is the same page view.
    if (state.history !== 'replace') pageShown(state.href);
  }, [state]);

  return use(state.payload).root;
};
