import { LRUCache } from 'lru-cache';
import { isAffected } from './cms-dependencies.ts';
import type { Tag } from './cms-dependencies.ts';

// The in-memory level of both caches of the site, the CMS answers (src/cms/response-cache.ts) and the
// rendered pages (server/page-cache/page-cache.ts): lru-cache's least-recently-used bound, by count or
// by bytes, and what both need on top of it. Each entry carries the tags of the CMS answers it was made
// from, an invalidation drops the entries carrying a changed tag, and a generation counter tells a load
// or a render that began before an invalidation that it may hold what was dropped.

export interface Tagged {
  readonly tags: readonly Tag[];
}

export interface TaggedCache<V extends Tagged> {
  /** The entry, now the most recently used. */
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  /** Drops the entries carrying any of the tags, or all; returns how many. */
  invalidate(changed: ReadonlySet<Tag> | 'everything'): number;
  /** Goes up with every invalidation. */
  readonly generation: number;
  values(): Iterable<V>;
  keys(): Iterable<string>;
  readonly size: number;
  /** The sum of the entries' sizes, for a cache bounded by bytes. */
  readonly bytes: number;
}

export type Bound<V> = { maxEntries: number } | { maxBytes: number; sizeOf: (value: V) => number };

export const createTaggedCache = <V extends Tagged>(
  bound: Bound<V>,
  onEvict: () => void = () => {},
): TaggedCache<V> => {
  const lru = new LRUCache<string, V>({
    // lru-cache wants a positive bound; a cache sized to keep nothing is never given an entry.
    ...('maxEntries' in bound
      ? { max: Math.max(1, bound.maxEntries) }
      : { maxSize: Math.max(1, bound.maxBytes), sizeCalculation: bound.sizeOf }),
    dispose: (_value, _key, reason) => {
      if (reason === 'evict') onEvict();
    },
  });
  let generation = 0;

  return {
    get: (key) => lru.get(key),
    set: (key, value) => {
      lru.set(key, value);
    },
    delete: (key) => {
      lru.delete(key);
    },
    invalidate(changed) {
      generation += 1;
      const affected =
        changed === 'everything'
          ? [...lru.keys()]
          : [...lru.entries()].filter(([, value]) => isAffected(value.tags, changed)).map(([key]) => key);
      for (const key of affected) lru.delete(key);
      return affected.length;
    },
    get generation() {
      return generation;
    },
    values: () => lru.values(),
    keys: () => lru.keys(),
    get size() {
      return lru.size;
    },
    get bytes() {
      return lru.calculatedSize;
    },
  };
};
