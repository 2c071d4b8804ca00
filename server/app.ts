import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import express from 'express';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { ARCHITECTS_API_PATH, BUILD_INFO_PATH, SEARCH_API_PATH } from '../src/common/payload.ts';
import { LOCALES, localizedPath, MEMBER_SEARCH_PATHS, SEARCH_PATHS } from '../src/common/routes.ts';
import { redactToken } from '../src/common/get-json.ts';
import type { Register } from '../src/common/register-types.ts';
import type { Tracing } from './tracing/types.ts';
import { EMBEDDED_MEDIA_PATH } from './content-source.ts';
import type { Health } from './lifecycle/health.ts';
import { createCrawlerFiles } from './http/crawler-files.ts';
import { createFeeds } from './http/feeds.ts';
import type { FormDelivery } from './forms/form-delivery.ts';
import { createFormPosts } from './forms/form-posts.ts';
import { createMediaProxy } from './http/media-proxy.ts';
import type { Renderers } from './render/bundles.ts';
import { createArchitectsApi } from './register/architects-api.ts';
import { OPENAPI_PATH, serveOpenApi } from './register/openapi.ts';
import { publicReadApi, sendApiError } from './register/public-api.ts';
import { createCacheHitFastPath } from './page-cache/cache-hit-fast-path.ts';
import type { PageCache } from './page-cache/page-cache.ts';
import { createCachedPageHeaders } from './page-cache/send-cached.ts';
import { createPageHandler } from './render/page-handler.ts';
import type { SurrogateKeys } from './render/surrogate-keys.ts';
import type { CdnPurger } from './cdn/cdn-purger.ts';
import type { Invalidator } from './revalidation/invalidator.ts';
import { REVALIDATE_API_PATH, createRevalidateApi } from './revalidation/revalidate-api.ts';
import type { Metrics } from './metrics/metrics.ts';
import { countAnswer, requestMetrics } from './metrics/request-metrics.ts';
import { createSearchApi } from './http/search-api.ts';
import type { ContentSecurityPolicy } from './security/content-security-policy.ts';
import type { LimitName } from './security/rate-limits.ts';
import { requestLimits } from './security/request-limits.ts';
import { securityHeaders } from './security/security-headers.ts';
import { streamCompression } from './http/stream-compression.ts';
import { createSecurityTxt } from './http/security-txt.ts';
import { createThemeStylesheets } from './http/theme-stylesheets.ts';
import type { SecurityTxtSettings } from './http/security-txt.ts';
import { redirectTrailingSlash } from './http/trailing-slash.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** A request id per request: the one a proxy sent in X-Request-Id when it is sane, or a new one. */
const requestId = (req: IncomingMessage, res: ServerResponse): string => {
  const sent = req.headers['x-request-id'];
  const id = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
};

const handleError: ErrorRequestHandler = (error: { status?: number; statusCode?: number }, req, res, _next) => {
  const status = error.status ?? error.statusCode ?? 500;
  if (status >= 500) req.log.error({ err: error }, 'request failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res
    .status(status)
    .type('text/plain')
    .send(`${status} ${status >= 500 ? 'Internal Server Error' : 'Not Found'}\n`);
};

export const createApp = ({
  log,
  renderers,
  health,
  register,
  forms,
  pageCache,
  surrogateKeys,
  revalidation,
  policy,
  rateLimits,
  trustProxy,
  registerPageTtlMs,
  metrics,
  tracing,
  publicUrl,
  securityTxt,
  embeddedContentOrigin,
  devReload,
  clientDir,
  sharedAssetsDir,
  publicDir,
}: {
  log: Logger;
  renderers: Renderers;
  health: Health;
  /** The register behind /api/architects. */
  register: Register;
  /** Where form posts go (the CMS, or the outbox). */
  forms: FormDelivery;
  /** Rendered public pages. */
  pageCache: PageCache;
  /** The CDN keys of public pages and of changes. */
  surrogateKeys: SurrogateKeys;
  /** The CMS webhook's secret, what it drops through and the CDN it purges; null: no webhook route. */
  revalidation: { secret: string; invalidator: Invalidator; cdn: CdnPurger | null } | null;
  /** The Content Security Policy, extended per page. */
  policy: ContentSecurityPolicy;
  /** Per-client limits of the searches, the webhook and the form posts. */
  rateLimits: Record<LimitName, RequestHandler>;
  /** How many proxies in front set X-Forwarded-For. */
  trustProxy: number;
  /** How long a registration page may be kept and shared, in all. */
  registerPageTtlMs: number;
  metrics: Metrics;
  /** A span per request (server/tracing/): Express's middleware (null: traces are off), and the fast path's. */
  tracing: Pick<Tracing, 'requests' | 'cacheHit'>;
  /** The public base of absolute URLs (sitemap, robots.txt, security.txt). */
  publicUrl: string;
  /** What /.well-known/security.txt says; null: no such file. */
  securityTxt: SecurityTxtSettings | null;
  /** The embedded content service, whose media the site serves under /cms; null with a real CMS. */
  embeddedContentOrigin: string | null;
  /** `npm run dev`'s reload script and events (server/http/dev-reload.ts); null otherwise. */
  devReload: RequestHandler | null;
  /** The public build output, served under /assets/. */
  clientDir: string;
  /** The public build files of every release, served under /assets/ when `clientDir` lacks one; null: none. */
  sharedAssetsDir: string | null;
  /** Static files served at the root (favicon). */
  publicDir: string;
}): RequestListener => {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  // First, so that everything after it, the access log line included, runs inside the request's span.
  if (tracing.requests) app.use(tracing.requests);
  app.use(requestMetrics(metrics));

  const logRequest = pinoHttp({
    logger: log,
    genReqId: requestId,
    autoLogging: { ignore: (req) => ['/livez', '/healthz', '/readyz'].includes(req.url ?? '') },
    // One short line a request; headers stay out of the log (cookies, keys).
    serializers: {
      req: (req: { id: string; method: string; url: string; headers: Record<string, string | undefined> }) => ({
        id: req.id,
        method: req.method,
        url: redactToken(req.url),
        userAgent: req.headers['user-agent'],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
  });
  app.use(logRequest);
  const security = securityHeaders(policy);
  app.use(security.middleware);
  app.use(requestLimits);
  app.use((_req, res, next) => {
    // While draining, connections are not kept open for more requests.
    if (health.readiness() === 'draining') res.set('Connection', 'close');
    next();
  });
  app.use(health.router);
  // Before compression: the events are a stream that must reach the browser as each is written.
  if (devReload) app.use(devReload);
  app.use(streamCompression());

  // Hashed file names: a changed file has a new name, so browsers and CDNs may keep them forever.
  const assets = { immutable: true, maxAge: '1y', index: false };
  if (sharedAssetsDir) {
    // What this build lacks, from the files every release has put there (server/http/shared-assets.ts).
    app.use('/assets', express.static(clientDir, { ...assets, fallthrough: true }));
    app.use('/assets', express.static(sharedAssetsDir, { ...assets, fallthrough: false }));
  } else app.use('/assets', express.static(clientDir, { ...assets, fallthrough: false }));
  app.get('/favicon.svg', (_req, res) => {
    res.sendFile(path.join(publicDir, 'favicon.svg'), { maxAge: '1d' });
  });
  // Stable names (browsers and launchers look them up by name): kept a day, like the favicon.
  // A manifest per language, kept in public/ at its own path (scripts/draw-icons.ts).
  for (const locale of LOCALES) {
    const manifest = localizedPath(locale, '/manifest.webmanifest');
    app.get(manifest, (_req, res) => {
      res.sendFile(path.join(publicDir, manifest), { maxAge: '1d' });
    });
  }
  app.use('/icons', express.static(path.join(publicDir, 'icons'), { maxAge: '1d', index: false, fallthrough: false }));

  if (embeddedContentOrigin) app.use(EMBEDDED_MEDIA_PATH, createMediaProxy(embeddedContentOrigin));

  app.get(BUILD_INFO_PATH, (_req, res) => {
    res.set('Cache-Control', 'no-cache').json({ id: renderers.build.buildId });
  });
  app.get(SEARCH_API_PATH, rateLimits.search, createSearchApi(renderers.rsc));
  app.get(
    LOCALES.map((locale) => localizedPath(locale, SEARCH_PATHS[locale])),
    rateLimits.search,
  );
  // The register's search and its registration pages share its limit: each may be a call to its API. A
  // registration page this replica keeps fresh is answered before (cache-hit-fast-path.ts), costing nothing.
  app.get(
    LOCALES.flatMap((locale) => {
      const search = localizedPath(locale, MEMBER_SEARCH_PATHS[locale]);
      return [search, `${search}/:number`];
    }),
    rateLimits.architects,
  );
  app.use(createCrawlerFiles({ rsc: renderers.rsc, publicUrl, log }));
  app.use(createFeeds({ rsc: renderers.rsc, log }));
  app.use(createSecurityTxt({ settings: securityTxt, publicUrl }));
  app.use(createThemeStylesheets());
  // Before the rate limit: its 429 is problem details with the API's headers too.
  app.use([ARCHITECTS_API_PATH, OPENAPI_PATH], publicReadApi);
  app.all(ARCHITECTS_API_PATH, rateLimits.architects, createArchitectsApi(register));
  app.get(OPENAPI_PATH, serveOpenApi);
  if (revalidation)
    app.post(REVALIDATE_API_PATH, rateLimits.webhook, ...createRevalidateApi({ ...revalidation, surrogateKeys }));
  app.all('/api/{*rest}', (_req, res) => sendApiError(res, 404, 'No such API.'));

  app.use(redirectTrailingSlash);
  // Every other path is a page. Mounted without a path pattern, so that Express does not decode the
  // path: the router validates it and answers a broken encoding with 404 like any other bad slug.
  const observe = {
    lookup: (result: string) => metrics.pageCacheLookups.inc({ result }),
    firstByte: (source: string, seconds: number) => metrics.htmlFirstByte.observe({ source }, seconds),
  };
  const pageHeaders = createCachedPageHeaders(policy, surrogateKeys);
  const pages = createPageHandler({
    renderers,
    cache: pageCache,
    pageHeaders,
    surrogateKeys,
    observe,
    policy,
    registerPageTtlMs,
    log,
  });
  // A page takes a post of the form it shows; nothing else is posted to pages.
  const formPosts = createFormPosts({
    delivery: forms,
    rateLimit: rateLimits.forms,
    publicUrl,
    showAgain: pages,
    formsOn: (req) =>
      renderers.rsc.resolve({ pathname: req.path, search: '', requestId: req.id as string }).then(
        (page) => page.forms,
        () => null,
      ),
  });
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return pages(req, res, next);
    if (req.method === 'POST' && req.is(['urlencoded', 'json'])) return formPosts(req, res, next);
    res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('405 Method Not Allowed\n');
  });
  app.use(handleError);

  const cacheHit = createCacheHitFastPath({
    cache: pageCache,
    buildId: renderers.build.buildId,
    securityHeaders: security.headers,
    pageHeaders,
    logRequest,
    countAnswer: (route, method, status, started) => countAnswer(metrics, route, method, status, started),
    observe,
    draining: () => health.readiness() === 'draining',
    inSpan: tracing.cacheHit,
  });
  return (req, res) => {
    if (!cacheHit(req, res)) app(req, res);
  };
};
