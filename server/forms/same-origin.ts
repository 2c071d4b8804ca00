import type { RequestHandler } from 'express';
import { FORM_ANSWER_CACHE_CONTROL } from '../cache-control.ts';

// Form posts are taken from the site's own pages only: the browser's Origin header (or, where a browser
// leaves it out, the Referer's origin) must be the public URL's origin or the request's own. With that
// and no cookie anywhere, a cross-site post has nothing to ride on: no CSRF token is needed.

const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export const sameOriginPosts =
  (publicUrl: string): RequestHandler =>
  (req, res, next) => {
    const origin = req.get('Origin') ?? originOf(req.get('Referer'));
    const own = [new URL(publicUrl).origin, `${req.protocol}://${req.get('Host') ?? ''}`];
    if (origin && own.includes(origin)) return next();
    req.log.warn({ origin }, 'a form post from another origin was refused');
    res
      .status(403)
      .set('Cache-Control', FORM_ANSWER_CACHE_CONTROL)
      .type('text/plain')
      .send('403 Forbidden: forms are posted from the pages of this site only\n');
  };
