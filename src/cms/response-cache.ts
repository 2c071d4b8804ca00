import 'server-only';
import type { RenderLog } from '../../server/render/contract.ts';

// CMS responses in memory per URL for an hour (DESIGN.md section 6). Concurrent requests for a URL
// share one fetch; when a refetch fails, the stale copy is served and the failure logged. At most
// `maxEntries` are kept, the least recently used going first: lookups of made-up slugs are cached
// too, and must not grow the process without bound.

interface Entry {
  value: unknown;
  expiresAt: number;
}

export interface ResponseCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export const createResponseCache = ({
  ttlMs,
  log,
  maxEntries = 20_000,
  now = () => Date.now(),
}: {
  ttlMs: number;
  log: RenderLog;
  maxEntries?: number;
  now?: () => number;
}): ResponseCache => {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<unknown>>();
  const remember = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
  };

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) {
        remember(key, cached);
        return Promise.resolve(cached.value as T);
      }
      const pending = inFlight.get(key);
      if (pending) return pending as Promise<T>;

      const loading = load()
        .then(
          (value) => {
            remember(key, { value, expiresAt: now() + ttlMs });
            return value;
          },
          (error: unknown) => {
            if (!cached) throw error;
            log.warn({ err: error, url: key }, 'CMS request failed; serving the stale copy');
            return cached.value as T;
          },
        )
        .finally(() => inFlight.delete(key));
      inFlight.set(key, loading);
      return loading;
    },
  };
};
