import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createTaggedCache } from '../../src/common/tagged-cache.ts';
import type { Tag } from '../../src/common/cms-dependencies.ts';

// Rendered pages (HTML and RSC payloads) kept after their first render, with their gzip and brotli
// bodies made once, and a strong ETag. Bounded by bytes: least recently used entries go first. A page
// carries the tags of the CMS answers it was made from, and goes when one of them changes
// (src/common/tagged-cache.ts). With Redis, a level shared by the replicas sits behind this one.

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A public 200 page: nothing of it depends on the visitor but the locale cookie, set per request. */
export interface CachedPage {
  contentType: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Strong: a hash of the identity body, so every replica of one build agrees. */
  etag: string;
  /** After this the page is served stale while it is rendered again. */
  expiresAt: number;
  /** The tags of every CMS answer the page was made from. */
  tags: readonly Tag[];
  /** CSP hash sources of its inline scripts (none for a page sent whole, in order). */
  scriptHashes: readonly string[];
  /** The route it answers (metrics). */
  routeName: string | null;
  /** The page's own headers, such as `X-Robots-Tag` (ResolvedPage's `headers`). */
  headers?: Readonly<Record<string, string>>;
  /** When what it shows changes by itself (a site notice starts or ends): neither kept nor served past it. */
  changesAt?: number;
}

export type RenderedPage = Pick<
  CachedPage,
  'contentType' | 'body' | 'tags' | 'scriptHashes' | 'routeName' | 'headers' | 'changesAt'
>;

/** The level of rendered pages the replicas share (Redis). Never rejects: it is then absent. */
export interface SharedPages {
  read(key: string): Promise<CachedPage | null>;
  write(key: string, page: CachedPage): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface PageCache {
  /** The page kept here, also past its expiry (the caller serves it stale and renders it again). */
  get(key: string): CachedPage | null;
  /** The page another replica kept, brought here; null without one or without a shared level. */
  readShared(key: string): Promise<CachedPage | null>;
  /** Where invalidations stand: pass it to `store` from before the render. */
  readonly generation: number;
  /** False when it is sized to keep nothing (PAGE_CACHE_MB=0): a render then prepares no copy for it. */
  readonly keepsPages: boolean;
  /**
   * Compresses the body (off the request path) and keeps it, here and in the shared level, unless an
   * invalidation came after `renderedIn` (the page may hold what it dropped). Too large a body is skipped.
   */
  store(key: string, page: RenderedPage, renderedIn: number): Promise<void>;
  /** Drops the pages carrying any of the tags, or all; returns how many. */
  invalidate(changed: ReadonlySet<Tag> | 'everything'): number;
  /** Drops a page here and in the shared level (it is no longer public). */
  delete(key: string): void;
  /** Makes every page stale: each is rendered again at its next view (invalidations may have been missed). */
  expireAll(): void;
  readonly bytes: number;
  readonly size: number;
}

const sizeOf = (page: CachedPage) => page.body.length + page.gzip.length + page.br.length + 512 + page.tags.length * 16;

export const createPageCache = ({
  maxBytes,
  ttlMs,
  shared = null,
  now = Date.now,
  onEvict = () => {},
}: {
  maxBytes: number;
  ttlMs: number;
  shared?: SharedPages | null;
  now?: () => number;
  /** Called when the memory bound pushes a page out. */
  onEvict?: () => void;
}): PageCache => {
  const entries = createTaggedCache<CachedPage>({ maxBytes, sizeOf }, onEvict);
  const fits = (body: Buffer) => maxBytes > 0 && body.length * 2 <= maxBytes;
  /** Past its `changesAt` a page shows what is no longer so: not even served stale. */
  const current = (key: string, entry: CachedPage | undefined): CachedPage | null => {
    if (!entry) return null;
    if (entry.changesAt === undefined || entry.changesAt > now()) return entry;
    entries.delete(key);
    return null;
  };

  return {
    get(key) {
      return current(key, entries.get(key));
    },

    async readShared(key) {
      if (!shared || maxBytes <= 0) return null;
      const startedIn = entries.generation;
      const entry = await shared.read(key);
      // An invalidation while it was read may have been about this page.
      if (!entry || entries.generation !== startedIn || (entry.changesAt ?? Infinity) <= now()) return null;
      if (fits(entry.body)) entries.set(key, entry);
      return entry;
    },

    get generation() {
      return entries.generation;
    },

    keepsPages: maxBytes > 0,

    async store(key, page, renderedIn) {
      if (!fits(page.body) || renderedIn !== entries.generation) return;
      const [gzipped, brotli] = await Promise.all([
        gzipAsync(page.body, { level: 9 }),
        brotliAsync(page.body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length },
        }),
      ]);
      if (renderedIn !== entries.generation) return;
      const etag = `"${createHash('sha256').update(page.body).digest('base64url').slice(0, 32)}"`;
      const expiresAt = Math.min(now() + ttlMs, page.changesAt ?? Infinity);
      const entry: CachedPage = { ...page, gzip: gzipped, br: brotli, etag, expiresAt };
      entries.set(key, entry);
      await shared?.write(key, entry);
    },

    invalidate: (changed) => entries.invalidate(changed),

    delete(key) {
      entries.delete(key);
      void shared?.delete(key);
    },

    expireAll() {
      for (const entry of entries.values()) entry.expiresAt = 0;
    },

    get bytes() {
      return entries.bytes;
    },
    get size() {
      return entries.size;
    },
  };
};
