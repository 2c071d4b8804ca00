import { use, useEffect, useState } from 'react';
import type { RscPayload } from '../payload.ts';
import { connectRouter, navigate, navigationCommitted } from './navigation.ts';
import type { RouterState } from './navigation.ts';
import { followPage } from './state.ts';

const samePage = (a: string, b: string): boolean => {
  const [x, y] = [new URL(a), new URL(b)];
  return x.pathname === y.pathname && x.search === y.search;
};

/** The root of the browser tree: renders the current payload; navigation swaps it. */
export const Router = ({ initial, buildId }: { initial: PromiseLike<RscPayload>; buildId: string }) => {
  const [state, setState] = useState<RouterState>(() => ({
    payload: initial,
    href: window.location.href,
    history: 'none',
    scroll: false,
  }));

  useEffect(() => {
    connectRouter(setState, buildId);
    let current = window.location.href;
    const onPopState = () => {
      // A change of the hash alone is the browser's to handle.
      if (!samePage(current, window.location.href)) void navigate(window.location.href, { history: 'none' });
      current = window.location.href;
    };
    window.addEventListener('popstate', onPopState);
    // Lets tests and monitoring see that the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
    return () => window.removeEventListener('popstate', onPopState);
  }, [buildId]);

  // The history changes once the new page is on screen, so that the address and the page agree.
  useEffect(() => {
    navigationCommitted();
    followPage(state.href);
    if (state.history === 'none') return;
    window.history[state.history === 'push' ? 'pushState' : 'replaceState'](null, '', state.href);
    if (state.scroll) window.scrollTo(0, 0);
  }, [state]);

  return use(state.payload).root;
};
