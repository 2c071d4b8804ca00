import type { IncomingMessage, ServerResponse } from 'node:http';
import { remember } from '../../src/common/remember.ts';
import type { SurrogateKeys } from '../render/surrogate-keys.ts';
import type { ContentSecurityPolicy } from '../security/content-security-policy.ts';
import { cacheDecision } from './cache-decision.ts';
import type { CachedPage } from './page-cache.ts';

// A page from the cache: the body the client accepts best (brotli, gzip, or as it is), with its length
// and ETag, or 304 when the client has it already. Whatever does not depend on the request is made once
// per kept page. Plain Node request and response: the answer is the same whether Express routed the
// request or the cache-hit fast path took it ahead of Express.

type Headers = ReadonlyArray<readonly [string, string]>;

/** The headers of a kept page's every answer but Cache-Control (cache-decision.ts), made once per page and kept with it. */
export const createCachedPageHeaders = (
  policy: ContentSecurityPolicy,
  surrogateKeys: SurrogateKeys,
): ((page: CachedPage) => Headers) =>
  remember(
    (page: CachedPage): Headers => {
      const keys = surrogateKeys.ofPage(page.tags, true);
      return [
        ['Surrogate-Key', keys.join(' ')],
        ['Cache-Tag', keys.join(',')],
        // The same for every copy: no per-response value, so a CDN may keep it with the page.
        ...(page.scriptHashes.length > 0
          ? [['Content-Security-Policy', policy({ scripts: page.scriptHashes })] as const]
          : []),
        ['Content-Type', page.contentType],
        ...Object.entries(page.headers ?? {}),
        ['Vary', 'Accept-Encoding'],
      ];
    },
    { per: 'object' },
  );

const accepts = (header: string, encoding: string): boolean =>
  header.split(',').some((part) => {
    const [name, ...options] = part.trim().split(';');
    return name?.trim() === encoding && !options.some((option) => /^\s*q=0(\.0*)?\s*$/.test(option));
  });

/** A strong ETag per representation: the same content in another coding is another set of bytes. */
const etagOf = (page: CachedPage, encoding: string | null) =>
  encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;

/** The client has one of the page's representations: any coding of the same content will do. */
const matches = (ifNoneMatch: string, page: CachedPage): boolean =>
  ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || [null, 'br', 'gzip'].some((encoding) => candidate === etagOf(page, encoding));
  });

export const sendCached = (req: IncomingMessage, res: ServerResponse, page: CachedPage, headers: Headers): void => {
  const acceptEncoding = req.headers['accept-encoding'] ?? '';
  const [body, encoding] = accepts(acceptEncoding, 'br')
    ? [page.br, 'br']
    : accepts(acceptEncoding, 'gzip')
      ? [page.gzip, 'gzip']
      : [page.body, null];
  res.setHeader('Cache-Control', cacheDecision({ from: 'cache', page }, Date.now()).cacheControl);
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader('ETag', etagOf(page, encoding));
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && matches(ifNoneMatch, page)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
};
