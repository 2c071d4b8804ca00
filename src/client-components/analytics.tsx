'use client';

import { useEffect, useRef } from 'react';
import { onPageShown } from '../browser/page-shown.ts';
import { withoutReference } from '../common/form-results.ts';

// Matomo (docs/specification.md section 8): site id from the configuration, no cookies, link tracking,
// no consent needed, a page view on the first load and after every navigation, pages flagged to be
// ignored left out. The tracker is awaited up to 3000 ms, looking every 50 ms; without it, nothing is
// tracked and nothing breaks.

const TRACKER_WAIT_MS = 3000;
const TRACKER_POLL_MS = 50;

/** A search to count as Matomo's site search (`trackSiteSearch`) rather than as a page view. */
export interface SiteSearchTracking {
  keyword: string;
  /** Which search, or what it was narrowed to; false: none. */
  category: string | false;
  /** How many results the page found. */
  count: number;
}

type Command = [string, ...unknown[]];
interface MatomoWindow {
  _paq?: Command[] | { push(command: Command): void };
  Matomo?: { getAsyncTracker?: () => unknown };
}

const paq = () => {
  const page = window as unknown as MatomoWindow;
  page._paq ??= [];
  return page._paq;
};

const trackerReady = (): Promise<boolean> =>
  new Promise((resolve) => {
    const started = Date.now();
    const look = () => {
      if ((window as unknown as MatomoWindow).Matomo?.getAsyncTracker) resolve(true);
      else if (Date.now() - started >= TRACKER_WAIT_MS) resolve(false);
      else setTimeout(look, TRACKER_POLL_MS);
    };
    look();
  });

let loaded = false;

const loadTracker = (url: string, siteId: number) => {
  if (loaded) return;
  loaded = true;
  const queue = paq();
  queue.push(['disableCookies']);
  queue.push(['enableLinkTracking']);
  queue.push(['setTrackerUrl', `${url}/matomo.php`]);
  queue.push(['setSiteId', String(siteId)]);
  const script = document.createElement('script');
  script.async = true;
  script.src = `${url}/matomo.js`;
  document.head.append(script);
};

export const Analytics = ({
  url,
  siteId,
  ignore,
  search,
}: {
  url: string;
  siteId: number;
  ignore: boolean;
  /** The page is a search result: counted as a site search. */
  search: SiteSearchTracking | null;
}) => {
  // The flag and search of the page on screen: these effects run before the router announces the page.
  const ignored = useRef(ignore);
  useEffect(() => {
    ignored.current = ignore;
  }, [ignore]);
  const searched = useRef(search);
  useEffect(() => {
    searched.current = search;
  }, [search]);

  useEffect(() => {
    loadTracker(url, siteId);
    return onPageShown((href, previous) => {
      if (ignored.current) return;
      const title = document.title;
      const search = searched.current;
      void trackerReady().then((ready) => {
        if (!ready) return;
        const queue = paq();
        // A report's reference stays between the reporter and the register.
        if (previous) queue.push(['setReferrerUrl', withoutReference(previous)]);
        queue.push(['setCustomUrl', withoutReference(href)]);
        queue.push(['setDocumentTitle', title]);
        queue.push(search ? ['trackSiteSearch', search.keyword, search.category, search.count] : ['trackPageView']);
      });
    });
  }, [url, siteId]);

  return null;
};
