import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Cms } from '../cms/cms.ts';
import type { Locale } from '../routes.ts';
import type { SiteSearch } from '../search/search-params.ts';
import type { Register } from '../register/types.ts';
import type { RenderLog } from './contract.ts';

// Per-request values for server components (docs/architecture.md section 5.6). The RSC render and the
// page resolution run inside `runWithRequestContext`; React schedules the render's continuations from
// that call, so the context stays readable after `await` in streamed parts. Read it at the top of a
// component, before awaiting promises that other requests share.

export interface RequestContext {
  locale: Locale;
  routeName: string | null;
  /** The page's path as requested and its query (list filters read them). */
  path: string;
  query: URLSearchParams;
  requestId: string;
  /** Public URLs of the build's stylesheets. */
  styles: readonly string[];
  cms: Cms;
  siteSearch: SiteSearch;
  register: Register;
  /** Base of image and file URLs: the public CMS URL, or the site's own proxy of the embedded one. */
  mediaBaseUrl: string;
  /** Origin of the CMS API, whose absolute file URLs are rewritten onto `mediaBaseUrl`. */
  cmsOrigin: string;
  /** The tags of every CMS answer read for this page (the CMS client adds them). */
  dependencies: Set<string>;
  log: RenderLog;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const runWithRequestContext = <T>(context: RequestContext, run: () => T): T => storage.run(context, run);

/**
 * Runs `run` as if no request were being handled: what it reads from the CMS fills the caches without
 * counting among the current page's dependencies (ask-ahead.ts).
 */
export const outsideRequestContext = <T>(run: () => T): T => storage.exit(run);

/** The context of the request being handled, if any (the search API and the sitemap run outside one). */
export const findRequestContext = (): RequestContext | undefined => storage.getStore();

export const getRequestContext = (): RequestContext => {
  const context = storage.getStore();
  if (!context) throw new Error('getRequestContext() was called outside a request');
  return context;
};
