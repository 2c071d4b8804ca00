import type { ReactNode } from 'react';
import type { Locale } from './routes.ts';

// The contract between the server's renderers and the browser router, and the URLs the host serves
// that pages name.

/** Query parameter of a route's RSC payload URL; its value is the build id of the asking client. */
export const RSC_QUERY_PARAM = '_rsc';

/** Content type of RSC payload responses. */
export const RSC_CONTENT_TYPE = 'text/x-component';

/**
 * Type of the non-executable data blocks that carry the inlined payload in HTML. Data blocks are not
 * scripts, so a Content Security Policy needs neither a nonce nor a hash for them.
 */
export const FLIGHT_DATA_TYPE = 'application/x-flight';

/** The current build's id, for clients checking whether a newer build is live. */
export const BUILD_INFO_PATH = '/_build/latest.json';
/** Live results of the search overlay (JSON). */
export const SEARCH_API_PATH = '/api/search';
/** The architect search as JSON (docs/register-api.md). */
export const ARCHITECTS_API_PATH = '/api/architects';

/** The script `npm run dev` adds to every page (server/http/dev-reload.ts serves it; nothing in production). */
export const DEV_RELOAD_SCRIPT = '/__dev/reload.js';

/** Header of a payload response that redirects off-site; the router then sets `window.location`. */
export const EXTERNAL_REDIRECT_HEADER = 'X-Location';

export interface RscPayload {
  root: ReactNode;
  buildId: string;
  locale: Locale;
}

export const payloadUrl = (href: string, buildId: string): string => {
  const url = new URL(href);
  url.hash = '';
  url.searchParams.set(RSC_QUERY_PARAM, buildId);
  return url.href;
};
