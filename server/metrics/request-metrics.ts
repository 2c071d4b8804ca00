import type { Request, RequestHandler } from 'express';
import { ARCHITECTS_API_PATH, BUILD_INFO_PATH, SEARCH_API_PATH } from '../../src/common/payload.ts';
import { REVALIDATE_API_PATH } from '../revalidation/revalidate-api.ts';
import type { Metrics } from './metrics.ts';
import { SECURITY_TXT_PATH } from '../http/security-txt.ts';

// Every answer counted and timed by route name. Pages name their route (`slug___nl`, …) in
// `res.locals.routeName`; everything else gets a name from a short, fixed list, so that made-up URLs
// cannot grow the number of series.

const FIXED_ROUTES = new Map<string, string>([
  [ARCHITECTS_API_PATH, 'api-architects'],
  [SEARCH_API_PATH, 'api-search'],
  [REVALIDATE_API_PATH, 'api-revalidate'],
  [BUILD_INFO_PATH, 'build-info'],
  ['/healthz', 'healthz'],
  ['/readyz', 'readyz'],
  ['/robots.txt', 'robots'],
  ['/sitemap.xml', 'sitemap'],
  ['/favicon.svg', 'favicon'],
  [SECURITY_TXT_PATH, 'security-txt'],
]);

const routeOf = (req: Request, named: unknown): string => {
  if (typeof named === 'string') return named;
  const fixed = FIXED_ROUTES.get(req.path);
  if (fixed) return fixed;
  if (req.path.startsWith('/assets/')) return 'assets';
  if (req.path.startsWith('/cms/')) return 'media';
  if (req.path.startsWith('/api/')) return 'api-unknown';
  return 'other';
};

/** Counts and times an answer that went out whole; `started` is from performance.now(). */
export const countAnswer = (metrics: Metrics, route: string, method: string, status: number, started: number): void => {
  const labels = { route, method, status: String(status) };
  metrics.requests.inc(labels);
  metrics.requestDuration.observe(labels, (performance.now() - started) / 1000);
};

export const requestMetrics =
  (metrics: Metrics): RequestHandler =>
  (req, res, next) => {
    const started = performance.now();
    res.locals.startedAt = started;
    res.on('finish', () =>
      countAnswer(metrics, routeOf(req, res.locals.routeName), req.method, res.statusCode, started),
    );
    next();
  };
