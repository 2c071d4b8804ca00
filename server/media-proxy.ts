import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { RequestHandler } from 'express';

const FORWARDED_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified'];
const MEDIA_PATH = /^\/(img|assets)\//;

/**
 * Serves the embedded content service's images and files (Glide route `/img/…`, originals under
 * `/assets/…`) from the site's own origin, so pages never point at a loopback address.
 */
export const createMediaProxy = (origin: string): RequestHandler => async (req, res, next) => {
  if (!MEDIA_PATH.test(req.path)) return next();
  const upstream = await fetch(origin + req.url, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
  if (!upstream?.body) {
    res.status(502).type('text/plain').send('502 Bad Gateway\n');
    return;
  }
  res.status(upstream.status);
  for (const header of FORWARDED_HEADERS) {
    const value = upstream.headers.get(header);
    if (value) res.set(header, value);
  }
  Readable.fromWeb(upstream.body as NodeReadableStream<Uint8Array>).pipe(res);
};
