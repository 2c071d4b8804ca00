import { LRUCache } from 'lru-cache';

// Work done once per key and its result remembered within a bound, the one way the site memoizes: what
// it derives from CMS answers (parsed entries, search index, sitemap, feeds), from texts (dates, rich
// text) and from kept pages (their headers). The bound says what the key is and how much is kept.

/** What is remembered, and how much of it. */
export type Bound<V> =
  /** A value per object, as long as the object lives (a WeakMap): answers the cache hands out again. */
  | { per: 'object' }
  /** A value per text, the least recently used going first past `maxEntries`. */
  | { per: 'text'; maxEntries: number }
  /** A value per text, the least recently used going first past `maxSize`, each weighing `sizeOf` (at least 1). */
  | { per: 'text'; maxSize: number; sizeOf: (value: V, text: string) => number }
  /**
   * One value: for the last list of sources, the same objects in the same order. The CMS client hands out
   * the same list while its pages are cached: work derived from lists (search index, sitemap, feeds) is
   * done again only when one of them is refreshed.
   */
  | { per: 'last sources' };

interface Store<K, V> {
  find(key: K): { value: V } | undefined;
  keep(key: K, value: V): void;
}

const perObject = <K extends object, V>(): Store<K, V> => {
  const known = new WeakMap<K, V>();
  return {
    find: (key) => (known.has(key) ? { value: known.get(key) as V } : undefined),
    keep: (key, value) => known.set(key, value),
  };
};

const perText = <V>(bound: Extract<Bound<V>, { per: 'text' }>): Store<string, V> => {
  // Boxed: lru-cache keeps no null or undefined, which a derived value may be.
  const known = new LRUCache<string, { value: V }>(
    'maxEntries' in bound
      ? { max: bound.maxEntries }
      : { maxSize: bound.maxSize, sizeCalculation: ({ value }, text) => bound.sizeOf(value, text) },
  );
  return { find: (text) => known.get(text), keep: (text, value) => known.set(text, { value }) };
};

const lastSources = <K extends readonly unknown[], V>(): Store<K, V> => {
  let last: { sources: K; value: V } | null = null;
  return {
    find: (sources) =>
      last && last.sources.length === sources.length && last.sources.every((source, index) => source === sources[index])
        ? last
        : undefined,
    keep: (sources, value) => (last = { sources, value }),
  };
};

/**
 * `derive`, done once per key within `bound`. Further arguments are not part of the key: they must
 * follow from it (how to make the value of that key).
 */
export function remember<K extends object, A extends unknown[], V>(
  derive: (key: K, ...rest: A) => V,
  bound: { per: 'object' },
): (key: K, ...rest: A) => V;
export function remember<A extends unknown[], V>(
  derive: (text: string, ...rest: A) => V,
  bound: Extract<Bound<V>, { per: 'text' }>,
): (text: string, ...rest: A) => V;
export function remember<K extends readonly unknown[], A extends unknown[], V>(
  derive: (sources: K, ...rest: A) => V,
  bound: { per: 'last sources' },
): (sources: K, ...rest: A) => V;
export function remember<A extends unknown[], V>(
  derive: (key: never, ...rest: A) => V,
  bound: Bound<V>,
): (key: never, ...rest: A) => V {
  const store: Store<never, V> =
    bound.per === 'object' ? perObject() : bound.per === 'text' ? perText(bound) : lastSources();
  return (key, ...rest) => {
    const found = store.find(key);
    if (found) return found.value;
    const value = derive(key, ...rest);
    store.keep(key, value);
    return value;
  };
}
