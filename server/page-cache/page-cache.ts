import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Locale } from '../../src/routes.ts';

// Rendered pages (HTML and RSC payloads) kept after their first render, with their gzip and brotli
// bodies made once, and a strong ETag. Bounded by bytes: least recently used entries go first.

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A public 200 page: nothing of it depends on the visitor but the locale cookie, set per request. */
export interface CachedPage {
  contentType: string;
  locale: Locale;
  /** The content version the page was rendered from; another version makes it out of date. */
  version: number;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Strong: a hash of the identity body, so every replica of one build agrees. */
  etag: string;
  expiresAt: number;
}

export interface PageCache {
  /** The page, unless it expired or was rendered from another content version. */
  get(key: string, version: number): CachedPage | null;
  /** Compresses the body (off the request path) and keeps it; a body larger than the bound is skipped. */
  store(key: string, page: Omit<CachedPage, 'gzip' | 'br' | 'etag' | 'expiresAt'>): Promise<void>;
  clear(): void;
  readonly bytes: number;
  readonly size: number;
}

const sizeOf = (page: CachedPage) => page.body.length + page.gzip.length + page.br.length + 512;

export const createPageCache = ({ maxBytes, ttlMs, now = Date.now }: { maxBytes: number; ttlMs: number; now?: () => number }): PageCache => {
  const entries = new Map<string, CachedPage>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= sizeOf(entry);
  };

  return {
    get(key, version) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= now() || entry.version !== version) {
        remove(key);
        return null;
      }
      // Map order is the recency order: a hit moves to the end.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },

    async store(key, page) {
      if (maxBytes <= 0 || page.body.length * 2 > maxBytes) return;
      const [gzipped, brotli] = await Promise.all([
        gzipAsync(page.body, { level: 9 }),
        brotliAsync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length } }),
      ]);
      const etag = `"${createHash('sha256').update(page.body).digest('base64url').slice(0, 32)}"`;
      const entry: CachedPage = { ...page, gzip: gzipped, br: brotli, etag, expiresAt: now() + ttlMs };
      remove(key);
      entries.set(key, entry);
      bytes += sizeOf(entry);
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },

    clear() {
      entries.clear();
      bytes = 0;
    },

    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
};
