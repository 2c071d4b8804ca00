import 'server-only';
import type { RenderLog } from '../../server/render/contract.ts';

// CMS responses in memory per URL for an hour (DESIGN.md section 6). Concurrent requests for a URL
// share one fetch. After the hour the stale copy is still answered at once while one refresh per URL
// runs behind it (stale-while-revalidate): nobody waits on the CMS for something the site has seen;
// a failed refresh keeps the stale copy and logs a warning. At most `maxEntries` are kept, the least
// recently used going first: lookups of made-up slugs are cached too, and must not grow the process
// without bound.

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
  onChange = () => {},
}: {
  ttlMs: number;
  log: RenderLog;
  maxEntries?: number;
  now?: () => number;
  /** Called when a refresh brought a different answer than the one kept (pages made from it are old). */
  onChange?: () => void;
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
      if (cached) remember(key, cached);
      if (cached && cached.expiresAt > now()) return Promise.resolve(cached.value as T);

      const pending = inFlight.get(key);
      if (!pending) {
        const loading = load()
          .then(
            (value) => {
              remember(key, { value, expiresAt: now() + ttlMs });
              if (cached && JSON.stringify(cached.value) !== JSON.stringify(value)) onChange();
              return value;
            },
            (error: unknown) => {
              if (!cached) throw error;
              log.warn({ err: error, url: key }, 'CMS refresh failed; the stale copy stays');
              return cached.value as T;
            },
          )
          .finally(() => inFlight.delete(key));
        inFlight.set(key, loading);
        if (cached) return Promise.resolve(cached.value as T);
        return loading;
      }
      return cached ? Promise.resolve(cached.value as T) : (pending as Promise<T>);
    },
  };
};
