import type { RequestHandler } from 'express';

/**
 * No trailing slashes: `/a/` answers 301 to `/a`, query kept; the root stays as it is. Leading
 * slashes are collapsed too, so that `//example.org/` cannot become a protocol-relative redirect.
 */
export const redirectTrailingSlash: RequestHandler = (req, res, next) => {
  if (req.path === '/' || !req.path.endsWith('/')) return next();
  const path = `/${req.path.replace(/^\/+|\/+$/g, '')}`;
  const queryStart = req.originalUrl.indexOf('?');
  res.redirect(301, path + (queryStart === -1 ? '' : req.originalUrl.slice(queryStart)));
};
