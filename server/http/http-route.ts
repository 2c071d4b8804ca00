import type { Request, Response } from 'express';
import { routeTemplate } from '../../src/common/routes.ts';

// What a request's span and its metrics call it, by OpenTelemetry's HTTP semantic conventions: the
// route as a path template (`http.route`, `/en/:slug/:slug2`) and the method (`http.request.method`).
// One function for both, so that a trace and the histogram's series of the same answer carry the same
// route, and made-up URLs add neither span names nor series.

/** The methods of the HTTP semantic conventions; any other is `_OTHER`. */
const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

export const httpRequestMethod = (method: string | undefined): string =>
  method !== undefined && KNOWN_METHODS.has(method) ? method : '_OTHER';

/** The folders served by static middleware, which has no route pattern: a template of Express's form each. */
const STATIC_FOLDERS = ['/assets/', '/cms/', '/icons/'];

/**
 * The route that answered as a path template: a page's, from its route name (the page handler's
 * `res.locals.routeName`), else Express's pattern, else a static folder's; null when no route
 * answered (a made-up path's 404), as the conventions leave `http.route` out then.
 */
export const httpRoute = (req: Request, res: Response): string | null => {
  if (typeof res.locals.routeName === 'string') return routeTemplate(res.locals.routeName);
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return req.baseUrl + pattern;
  // The original URL: a mounted middleware's `req.path` lacks its mount point.
  const folder = STATIC_FOLDERS.find((prefix) => req.originalUrl.startsWith(prefix));
  return folder ? `${folder}{*path}` : null;
};
