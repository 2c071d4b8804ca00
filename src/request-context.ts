import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Cms } from './cms/cms.ts';
import type { Locale, Route } from './common/routes.ts';
import type { SiteSearch } from './common/search-params.ts';
import type { Register } from './common/register-types.ts';
import type { FormSubmissionState, RenderLog } from './common/contract.ts';

// The one channel of request data to the page resolution and the server components (docs/architecture.md
// section 5.6): components deep in the tree need the request's language, path and dependencies without
// every parent passing them down, and the resolution reads the same values from the same place. The RSC
// render and the page resolution run inside `runWithRequestContext`; React schedules the render's
// continuations from that call, so the context stays readable after `await` in streamed parts. Read it
// at the top of a component, before awaiting promises that other requests share.

/**
 * The renderer's services and settings, made once when the RSC renderer is made. They travel in the
 * context as one object, the same for every request of that renderer, rather than in a module-level
 * holder: Node loads the bundle once, and two sites in one process (the tests) each make a renderer.
 */
export interface SiteServices {
  cms: Cms;
  siteSearch: SiteSearch;
  register: Register;
  log: RenderLog;
  /** The site's public origin, for canonical URLs and feeds. */
  publicUrl: string;
  /** The origins that may frame previews (Statamic's control panel). */
  previewFrameAncestors: readonly string[];
  /** Base of image and file URLs: the public CMS URL, or the site's own proxy of the embedded one. */
  mediaBaseUrl: string;
  /** Origin of the CMS API, whose absolute file URLs are rewritten onto `mediaBaseUrl`. */
  cmsOrigin: string;
  /** The key Glide URLs are signed with (src/server-components/media/glide-url.ts); null: no resizing. */
  glideSigningKey: string | null;
  /** Public URLs of the build's stylesheets. */
  styles: readonly string[];
  /** Under `npm run dev`: pages load the script that reloads them after a rebuild. */
  devReload: boolean;
}

export interface RequestContext {
  locale: Locale;
  /** What the path asks for (`not-found` when no route takes it), and the route's name for metrics. */
  route: Route;
  routeName: string | null;
  /** The page's path as requested (percent-encoded) and its query (list filters read them); both together. */
  path: string;
  query: URLSearchParams;
  fullPath: string;
  requestId: string;
  /** The tags of every CMS answer read for this page (the CMS client adds them). */
  dependencies: Set<string>;
  /** A form posted to this page and shown again (its values and errors); null on a plain visit. */
  form: FormSubmissionState | null;
  /** Nobody waits for this render (the warm-up, a stale page rendered again): its CMS calls are background calls. */
  background: boolean;
  services: SiteServices;
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

/** The renderer's services and settings, from the context of the request being handled. */
export const getSiteServices = (): SiteServices => getRequestContext().services;
