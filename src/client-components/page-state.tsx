'use client';

import { startTransition, useEffect } from 'react';
import {
  currentEntryAtom,
  errorTextAtom,
  headerTransAtom,
  isPendingAtom,
  postIndexAtom,
  store,
  taglinesAtom,
  themeAtom,
} from '../browser/state.ts';
import type { CurrentEntry } from '../browser/state.ts';
import type { SiteSearchTracking } from './analytics.tsx';
import type { Theme } from '../page-theme.ts';

// What the server knows of the page on screen, handed to the client state (docs/specification.md
// section 3) whenever a page is shown, in an interruptible render (a transition), so that it never
// blocks a tap. Renders nothing.

export interface PageInfo {
  taglines: string[];
  theme: Theme;
  /** The page opens with a hero image, under a transparent header (at the top of the page). */
  hasHero: boolean;
  /** Editors may keep a page out of the statistics. */
  analyticsIgnore: boolean;
  entry: CurrentEntry | null;
  postIndex: number | null;
  errorText: string | null;
  /** The start data (globals, menus, pages, terms) loaded without error. */
  startLoaded: boolean;
  /** A search page's question and how many results it found, for the statistics. */
  siteSearch: SiteSearchTracking | null;
}

/** How far the page may scroll before the header over the hero gets its own background. */
const HERO_HEADER_SCROLL = 64;

export const PageState = ({ info }: { info: PageInfo }) => {
  useEffect(() => {
    startTransition(() => {
      store.set(taglinesAtom, info.taglines);
      store.set(themeAtom, info.theme);
      store.set(currentEntryAtom, info.entry);
      store.set(postIndexAtom, info.postIndex);
      store.set(errorTextAtom, info.errorText);
      if (info.startLoaded) store.set(isPendingAtom, false);
    });
  }, [info]);

  useEffect(() => {
    if (!info.hasHero) {
      store.set(headerTransAtom, false);
      return;
    }
    const follow = () => store.set(headerTransAtom, window.scrollY < HERO_HEADER_SCROLL);
    startTransition(follow);
    window.addEventListener('scroll', follow, { passive: true });
    return () => window.removeEventListener('scroll', follow);
  }, [info.hasHero]);

  return null;
};
