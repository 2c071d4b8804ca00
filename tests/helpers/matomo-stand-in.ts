import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for a Matomo server on loopback: `matomo.js` runs the `_paq` commands the way Matomo
// does and sends each page view and site search to `matomo.php`, which records it; `GET /hits?session=` lists the hits
// of one page load (the script names its session in `window.matomoStandInSession`).
// Run on its own (`node tests/helpers/matomo-stand-in.ts`, PORT) for the browser tests.

export interface Hit {
  session: string;
  idsite: string;
  url: string;
  urlref: string;
  action_name: string;
  cookie: string;
  /** A site search's keyword, category and result count. */
  search?: string;
  search_cat?: string;
  search_count?: string;
}

const TRACKER_SCRIPT = `(() => {
  const session = Math.random().toString(36).slice(2);
  window.matomoStandInSession = session;
  const state = { siteId: '', trackerUrl: '', cookies: true, url: '', referrer: '', title: '', linkTracking: false };
  const commands = {
    setSiteId: (id) => { state.siteId = id; },
    setTrackerUrl: (url) => { state.trackerUrl = url; },
    disableCookies: () => { state.cookies = false; },
    enableLinkTracking: () => { state.linkTracking = true; },
    setCustomUrl: (url) => { state.url = url; },
    setReferrerUrl: (url) => { state.referrer = url; },
    setDocumentTitle: (title) => { state.title = title; },
    trackPageView: () => {
      const params = new URLSearchParams({ session, idsite: state.siteId, url: state.url || location.href, urlref: state.referrer, action_name: state.title, cookie: state.cookies ? '1' : '0', link: state.linkTracking ? '1' : '0' });
      fetch(state.trackerUrl + '?' + params, { mode: 'no-cors', keepalive: true });
    },
    // As Matomo sends a site search: the keyword, and the category and count when given, no action name.
    trackSiteSearch: (keyword, category, count) => {
      const params = new URLSearchParams({ session, idsite: state.siteId, url: state.url || location.href, urlref: state.referrer, search: keyword, cookie: state.cookies ? '1' : '0', link: state.linkTracking ? '1' : '0' });
      if (typeof category === 'string' && category !== '') params.set('search_cat', category);
      if (typeof count === 'number') params.set('search_count', String(count));
      fetch(state.trackerUrl + '?' + params, { mode: 'no-cors', keepalive: true });
    },
  };
  const run = (command) => commands[command[0]]?.(...command.slice(1));
  const queued = Array.isArray(window._paq) ? window._paq : [];
  window._paq = { push: run };
  queued.forEach(run);
  window.Matomo = { getAsyncTracker: () => state };
})();`;

export const startMatomoStandIn = async (port = 0) => {
  const hits: Array<Hit & { link: string }> = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/matomo.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' }).end(TRACKER_SCRIPT);
    } else if (url.pathname === '/matomo.php') {
      hits.push(Object.fromEntries(url.searchParams) as unknown as Hit & { link: string });
      res.writeHead(204).end();
    } else if (url.pathname === '/hits') {
      const session = url.searchParams.get('session');
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(hits.filter((hit) => hit.session === session)));
    } else if (url.pathname === '/health') {
      res.writeHead(200).end('ok');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

if (import.meta.main) {
  const standIn = await startMatomoStandIn(Number(process.env.PORT ?? 4790));
  console.log(`Matomo stand-in on ${standIn.url}`);
}
