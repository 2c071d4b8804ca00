'use client';

import { useEffect, useRef } from 'react';
import { onPageShown } from '../browser/page-shown.ts';

// Matomo (docs/specification.md section 8): site id from the configuration, no cookies, link tracking,
// no consent needed, a page view on the first load and after every navigation, pages flagged to be
// ignored left out. The tracker is awaited up to 3000 ms, looking every 50 ms; without it, nothing is
// tracked and nothing breaks.

export const TRACKER_WAIT_MS = 3000;
const TRACKER_POLL_MS = 50;

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

export const Analytics = ({ url, siteId, ignore }: { url: string; siteId: number; ignore: boolean }) => {
  // The flag of the page on screen: this effect runs before the router announces the page.
  const ignored = useRef(ignore);
  useEffect(() => {
    ignored.current = ignore;
  }, [ignore]);

  useEffect(() => {
    loadTracker(url, siteId);
    return onPageShown((href, previous) => {
      if (ignored.current) return;
      const title = document.title;
      void trackerReady().then((ready) => {
        if (!ready) return;
        const queue = paq();
        if (previous) queue.push(['setReferrerUrl', previous]);
        queue.push(['setCustomUrl', href]);
        queue.push(['setDocumentTitle', title]);
        queue.push(['trackPageView']);
      });
    });
  }, [url, siteId]);

  return null;
};
