import type { Request, Response } from 'express';
import type { CachedPage } from './page-cache.ts';

// A page from the cache: the body the client accepts best (brotli, gzip, or as it is), with its length
// and ETag, or 304 when the client has it already.

const accepts = (req: Request, encoding: string): boolean => {
  const header = req.get('Accept-Encoding') ?? '';
  return header.split(',').some((part) => {
    const [name, ...options] = part.trim().split(';');
    return name?.trim() === encoding && !options.some((option) => /^\s*q=0(\.0*)?\s*$/.test(option));
  });
};

/** A strong ETag per representation: the same content in another coding is another set of bytes. */
const etagOf = (page: CachedPage, encoding: string | null) => (encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag);

/** The client has one of the page's representations: any coding of the same content will do. */
const matches = (req: Request, page: CachedPage): boolean =>
  (req.get('If-None-Match') ?? '').split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || [null, 'br', 'gzip'].some((encoding) => candidate === etagOf(page, encoding));
  });

export const sendCached = (req: Request, res: Response, page: CachedPage): void => {
  const [body, encoding] = accepts(req, 'br') ? [page.br, 'br'] : accepts(req, 'gzip') ? [page.gzip, 'gzip'] : [page.body, null];
  res.status(200).set({ 'Content-Type': page.contentType, ETag: etagOf(page, encoding), Vary: 'Accept-Encoding' });
  if (matches(req, page)) {
    res.status(304).end();
    return;
  }
  if (encoding) res.set('Content-Encoding', encoding);
  res.set('Content-Length', String(body.length));
  if (req.method === 'HEAD') res.end();
  else res.end(body);
};
