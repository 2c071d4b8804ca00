import type { Readable } from 'node:stream';
import type { ClientManifest } from 'react-server-dom-webpack/server';
import type { ServerConsumerManifest } from 'react-server-dom-webpack/client.node';
import type { SearchRequest, SearchResults } from './search-params.ts';
import type { Locale } from './routes.ts';
import type { Register } from './register-types.ts';
import type { ReportErrorCode } from './title-misuse-report.ts';

// What the Express server (plain Node) and the two webpack bundles (rsc.cjs, ssr.cjs) promise each
// other, as types only: each side implements or calls it without importing the other's code. The values
// both sides run (routes, payload URLs, tags, parameters) are the other modules of this folder.

/** What the client compilation wrote (scripts/webpack/build-manifest-plugin.ts), with the build id. */
export interface BuildManifest {
  mode: 'production' | 'development';
  /** Hash of everything the build wrote (scripts/build-id.ts), stamped in once all three
   *  compilations are done (scripts/finish-build.ts): the same on every replica built from the same
   *  sources. */
  buildId: string;
  /** The source commit it was built from (scripts/finish-build.ts); empty when unknown. Absent before
   *  the build is finished. */
  revision?: string;
  /** Public URLs of the browser entry's scripts, for Fizz's bootstrapScripts. */
  scripts: string[];
  /** Public URLs of the global stylesheets. */
  styles: string[];
  /** CSP hash sources (`'sha256-…'`) of the <style> elements client libraries insert (lottie-react's). */
  libraryStyleHashes: string[];
}

/** The part of the logger the renderers use. */
export interface RenderLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PageRequest {
  /** The path as requested, still percent-encoded. */
  pathname: string;
  /** The query string with its `?`, without the payload parameter, or ''. */
  search: string;
  requestId: string;
  /** A form posted to this page that is shown again (never kept: the answer is the visitor's own). */
  form?: FormSubmissionState;
  /** For a payload asked by a page of another release: that release's id and client manifest. */
  release?: { buildId: string; clientManifest: ClientManifest };
  /**
   * Nobody waits for it (the warm-up, a stale page rendered again): its CMS calls leave the reserve of the
   * rate limit to visitors, and wait for nothing.
   */
  background?: boolean;
}

/**
 * A form posted without JavaScript and shown again on its page: what was typed, and what is wrong with
 * it (422), that too many came from the visitor's address (429), or that it could be neither delivered
 * nor kept (503); for the last two, try again later.
 */
export interface FormSubmissionState {
  handle: string;
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, ReportErrorCode>>;
  status: 422 | 429 | 503;
  /** After a 503: the id the report was given, posted again with it as a repeat. */
  submission?: string;
}

/** A page's address in a request: what the warm-up asks for. */
export type PageAddress = Pick<PageRequest, 'pathname' | 'search'>;

export interface RenderStream {
  stream: Readable;
  abort(reason?: unknown): void;
}

export interface ResolvedPage {
  status: number;
  /** The matched route's name, e.g. `slug___en`; null when no route matched. */
  routeName: string | null;
  /** For error statuses, the one-line reason (`Page not found: /x`), also the body sent to bots. */
  message?: string;
  /** Response headers of this page (previews: no caching, no indexing). */
  headers?: Record<string, string>;
  /** The origins that may frame the page (previews: Statamic's control panel); nobody when absent. */
  frameAncestors?: readonly string[];
  /** An editor's preview (who may keep the answer: server/page-cache/cache-decision.ts). */
  preview: boolean;
  /** Made for this visitor's question (a search with a query). */
  personal: boolean;
  /**
   * The query the page was resolved and is rendered from (`?…` or ''): the filters it has, normalised, and
   * none of what it does not read (src/common/page-query.ts). The page cache keeps it under this query.
   */
  search: string;
  /** It shows the register's answer (a registration page): kept and shared for REGISTER_PAGE_TTL_MS at most. */
  registerAnswer: boolean;
  /** Where the page redirects to (status 301), instead of rendering. */
  redirect?: string;
  /** The tags of every CMS answer the page read (see src/common/cms-dependencies.ts); complete once it is rendered. */
  dependencies: ReadonlySet<string>;
  /** When the page changes by itself (its site notice starts or ends); absent: not with time. */
  changesAt?: number;
  /** The handles of the forms the page shows (it takes posts of those only); null when it could not be resolved (5xx). */
  forms: readonly string[] | null;
  /** Starts the Flight render of the page. */
  render(): RenderStream;
}

export interface RscRenderer {
  /** Everything that decides the status (route, validation, entry lookup) is settled here. */
  resolve(request: PageRequest): Promise<ResolvedPage>;
  /** The site search over the cached CMS content, for the live results of the search overlay. */
  search(request: SearchRequest): Promise<SearchResults>;
  /** A page of each template the default language's content has besides the home page, for a new process's warm-up. */
  templateSamples(): Promise<PageAddress[]>;
  /** /sitemap.xml from the cached CMS content. */
  sitemap(): Promise<string>;
  /** The Atom feed of the latest news of a language. */
  newsFeed(locale: Locale): Promise<string>;
  /** The iCalendar feed of the upcoming events of a language. */
  eventsFeed(locale: Locale): Promise<string>;
  /** The iCalendar file of the event whose page is at `path`, or null when there is none. */
  eventInvite(locale: Locale, path: string): Promise<string | null>;
  /** Drops the CMS answers carrying any of the tags (or all); returns how many. */
  invalidate(changed: ReadonlySet<string> | 'everything'): number;
  /** Makes every CMS answer stale, to be refreshed at its next use. */
  expireAll(): void;
}

export interface HtmlRender {
  /** Resolves with the HTML stream (payload inlined) once the shell is ready; rejects if it fails. */
  html: Promise<Readable>;
  abort(reason?: unknown): void;
}

export interface HtmlRenderer {
  /** `nonce` goes on the inline scripts React writes (streamed parts), for the response's CSP. */
  render(flight: Readable, options: { nonce: string }): HtmlRender;
}

/** How a CMS answer was had: from memory, from the replicas' Redis, from the CMS, stale, by joining a fetch under way, or not. */
export type CmsCallOutcome = 'hit' | 'shared' | 'miss' | 'stale' | 'coalesced' | 'failed';
/**
 * One HTTP attempt against the CMS: answered, failed and tried again, failed for good, refused by the
 * CMS's rate limit (429), or not sent for want of budget (src/cms/request-budget.ts).
 */
export type CmsRequestOutcome = 'ok' | 'retried' | 'failed' | 'refused' | 'throttled';

/** What the renderers report for the process's metrics. */
interface RenderObserver {
  cmsCall(kind: string, outcome: CmsCallOutcome): void;
  /** One attempt at a CMS request; `url` carries no key (it travels in a header), and may carry a preview token. */
  cmsRequest(outcome: CmsRequestOutcome, seconds: number, url: string): void;
  /** The calls the CMS's rate limit still allows in the current window, after each call taken (not told while unlimited). */
  cmsBudgetRemaining(remaining: number): void;
}

/** A CMS answer as the replicas share it. */
export interface SharedEntry {
  value: unknown;
  expiresAt: number;
  tags: string[];
}

/** The level of CMS answers the replicas share (Redis). Never rejects for its own faults: it is then absent. */
export interface SharedResponses {
  /** The answer some replica stored, even past its hour; null when there is none or Redis is unavailable. */
  read(key: string): Promise<SharedEntry | null>;
  /**
   * Fetches an answer once for the fleet: `load` runs here, or the answer another replica is fetching is
   * awaited (for a bound). `replacing` is the shared copy found out of date, which is not that answer.
   */
  fill(key: string, load: () => Promise<SharedEntry>, replacing: SharedEntry | null): Promise<SharedEntry>;
}

/**
 * The CMS's rate limit as the replicas share it (Redis), for they reach the CMS from one address. Each
 * method answers null for its own faults (Redis away): the renderer then keeps to its own budget.
 * Times are the shared clock's (Redis's), durations in milliseconds.
 */
export interface FleetBudget {
  /**
   * Takes a call `id` when fewer than `limit - reserve` were taken in the last window and no refusal
   * holds calls back: then `waitMs` is 0 and `remaining` what is left; else `waitMs` says when to ask again.
   */
  take(id: string, limit: number | null, reserve: number): Promise<{ waitMs: number; remaining: number } | null>;
  /** Call `id` was answered (or failed) now: its window counts from here, as the CMS's may. */
  settle(id: string): Promise<void>;
  /** The CMS said `remaining` calls are left of `limit`: at most that many more are taken in this window. */
  cap(limit: number, remaining: number): Promise<void>;
  /** A 429: no call for `ms` (a longer hold already kept stands). */
  block(ms: number): Promise<void>;
}

/** The CMS's rate limit as the site keeps to it (src/cms/request-budget.ts). */
export interface CmsRateLimit {
  /** Calls per window (CMS_MAX_REQUESTS_PER_MINUTE); null: no limit but what the CMS says. */
  maxPerWindow: number | null;
  /** CMS_RATE_LIMIT_WINDOW_MS */
  windowMs: number;
  /** How long a visitor's call may wait for the budget or a 429's Retry-After (CMS_RATE_LIMIT_WAIT_MS). */
  waitLimitMs: number;
}

/** Where the content comes from: a Statamic REST API (the embedded one or a real CMS). */
export interface ContentSource {
  apiUrl: string;
  apiKey: string;
  apiKeyHeader: string;
  timeoutMs: number;
  cacheTtlMs: number;
  /** The largest CMS answer accepted. */
  maxResponseBytes: number;
  /** Base of image and file URLs in pages: the public CMS URL, or `/cms` for the embedded service. */
  mediaBaseUrl: string;
  /** The key the CMS's Glide checks image URLs with (Statamic's APP_KEY); null: images at their own size. */
  glideSigningKey: string | null;
  rateLimit: CmsRateLimit;
}

export interface RscModule {
  createRscRenderer(options: {
    clientManifest: ClientManifest;
    build: BuildManifest;
    content: ContentSource;
    register: Register;
    /** Matomo's URL and site id, or null for no analytics; the origins that may frame previews. */
    site: {
      publicUrl: string;
      analytics: { url: string; siteId: number } | null;
      previewFrameAncestors: readonly string[];
      /** Under `npm run dev`: pages load DEV_RELOAD_SCRIPT. */
      devReload: boolean;
    };
    /** The replicas' shared level of CMS answers, or null. */
    shared: SharedResponses | null;
    /** The replicas' shared budget of CMS calls, or null: the process keeps its own. */
    fleetBudget: FleetBudget | null;
    /** Called with the tags of a CMS answer that a refresh found changed: pages carrying them are out of date. */
    onContentChange(tags: readonly string[]): void;
    observe: RenderObserver;
    log: RenderLog;
  }): RscRenderer;
}

export interface SsrModule {
  createHtmlRenderer(options: {
    serverConsumerManifest: ServerConsumerManifest;
    build: BuildManifest;
    /** How long the HTML waits for the parts behind Suspense before streaming them after the shell. */
    inOrderWaitMs: number;
    log: RenderLog;
  }): HtmlRenderer;
}
