import type { IncomingMessage, ServerResponse } from 'node:http';
import { RSC_QUERY_PARAM } from '../../src/common/payload.ts';
import { routeTemplate } from '../../src/common/routes.ts';
import type { Tracing } from '../tracing/types.ts';
import { pageCacheKey } from './cache-key.ts';
import type { CachedPage, PageCache } from './page-cache.ts';
import { sendCached } from './send-cached.ts';

// A fresh page from this replica's cache answered ahead of Express's router and middleware, which
// cost several times the answer itself: the same headers, access log line, metrics and, with traces on,
// server span as on the full path (tests/integration/cache-hit-fast-path.test.ts compares them; the span
// says `app.fast_path`). Anything else goes the full way:
// a miss, a stale page (the full path renders it again), a query other than the payload's build id,
// another method, a draining server.

export interface CacheHitFastPath {
  /** Answers the request when it is a fresh cache hit; false: the caller passes it on. */
  (req: IncomingMessage, res: ServerResponse): boolean;
}

export const createCacheHitFastPath = ({
  cache,
  buildId,
  securityHeaders,
  pageHeaders,
  logRequest,
  countAnswer,
  observe,
  draining,
  inSpan,
}: {
  cache: PageCache;
  buildId: string;
  /** The headers every response carries (server/security/security-headers.ts). */
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  /** A kept page's own headers (server/page-cache/send-cached.ts). */
  pageHeaders: (page: CachedPage) => ReadonlyArray<readonly [string, string]>;
  /** The access log's middleware (pino-http): the request id, its header and the line once answered. */
  logRequest: (req: IncomingMessage, res: ServerResponse) => void;
  /** Times the answer once it went out, by its route's template (server/metrics/request-metrics.ts). */
  countAnswer: (route: string | null, method: string, status: number, started: number) => void;
  observe: { lookup(result: 'hit'): void; firstByte(source: 'cache', seconds: number): void };
  draining: () => boolean;
  /** Runs the answer inside the request's server span (server/tracing/); with traces off, just runs it. */
  inSpan: Tracing['cacheHit'];
}): CacheHitFastPath => {
  const payloadQuery = `?${RSC_QUERY_PARAM}=${buildId}`;
  const keyOf = (kind: 'html' | 'rsc', path: string) => pageCacheKey(buildId, kind, path, '').key;

  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || draining()) return false;
    const url = req.url ?? '';
    const queryStart = url.indexOf('?');
    const query = queryStart === -1 ? '' : url.slice(queryStart);
    if (query !== '' && query !== payloadQuery) return false;
    const kind = query === '' ? 'html' : 'rsc';
    const page = cache.get(keyOf(kind, queryStart === -1 ? url : url.slice(0, queryStart)));
    if (!page || page.expiresAt <= Date.now()) return false;

    const started = performance.now();
    const method = req.method;
    inSpan(req, res, page.routeName, () => {
      const route = page.routeName === null ? null : routeTemplate(page.routeName);
      res.once('finish', () => countAnswer(route, method, res.statusCode, started));
      logRequest(req, res);
      for (const [name, value] of securityHeaders) res.setHeader(name, value);
      observe.lookup('hit');
      sendCached(req, res, page, pageHeaders(page));
      if (kind === 'html') observe.firstByte('cache', (performance.now() - started) / 1000);
    });
    return true;
  };
};
