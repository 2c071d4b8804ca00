import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { RequestHandler } from 'express';

const FORWARDED_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified'];
const MEDIA_PATH = /^\/(img|assets)\//;
/** Encoded separators and dots that a server behind could still decode into a way out. */
const ENCODED_ESCAPE = /%(2f|5c|2e)/i;

/**
 * The path and query to ask upstream for, or null when the request leaves the media folders. The URL
 * parser resolves `..`, its percent-encoded form and backslashes exactly as fetch would, so the check
 * applies to the path that is really sent. The URL is appended to a base, not resolved against it, so
 * that `//host/…` stays a path.
 */
const mediaRequestPath = (url: string): string | null => {
  const { pathname, search } = new URL(`http://media.invalid${url}`);
  return MEDIA_PATH.test(pathname) && !ENCODED_ESCAPE.test(pathname) ? pathname + search : null;
};

/**
 * Serves the embedded content service's images and files (Glide route `/img/…`, originals under
 * `/assets/…`) from the site's own origin, so pages never point at a loopback address. Nothing but
 * those two folders is forwarded: the service's API sits on the same origin.
 */
export const createMediaProxy =
  (origin: string): RequestHandler =>
  async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('405 Method Not Allowed\n');
      return;
    }
    const path = mediaRequestPath(req.url);
    if (!path) {
      req.log.info({ path: req.originalUrl }, 'media request outside the media folders');
      res.status(404).type('text/plain').send('404 Not Found\n');
      return;
    }
    const upstream = await fetch(origin + path, { method: req.method, signal: AbortSignal.timeout(10_000) }).catch(
      () => null,
    );
    if (!upstream) {
      res.status(502).type('text/plain').send('502 Bad Gateway\n');
      return;
    }
    res.status(upstream.status);
    for (const header of FORWARDED_HEADERS) {
      const value = upstream.headers.get(header);
      if (value) res.set(header, value);
    }
    if (upstream.body) Readable.fromWeb(upstream.body as NodeReadableStream<Uint8Array>).pipe(res);
    else res.end();
  };
