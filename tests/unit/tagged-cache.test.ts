import { describe, expect, it } from 'vitest';
import { createTaggedCache } from '../../src/common/tagged-cache.ts';

const entry = (size: number, ...tags: string[]) => ({ size, tags });

describe('the tagged cache', () => {
  it('bounded by count, lets the least recently used go first; a read counts as a use', () => {
    const cache = createTaggedCache<ReturnType<typeof entry>>({ maxEntries: 2 });
    cache.set('a', entry(1));
    cache.set('b', entry(1));
    cache.get('a');
    cache.set('c', entry(1));
    expect([...cache.keys()].sort()).toEqual(['a', 'c']);
  });

  it('bounded by bytes, counts each entry by its size and says when the bound pushed one out', () => {
    let evicted = 0;
    const cache = createTaggedCache<ReturnType<typeof entry>>(
      { maxBytes: 100, sizeOf: (value) => value.size },
      () => (evicted += 1),
    );
    cache.set('a', entry(40));
    cache.set('b', entry(40));
    expect(cache.bytes).toBe(80);
    cache.set('c', entry(40));
    expect([...cache.keys()].sort()).toEqual(['b', 'c']);
    expect(cache.bytes).toBe(80);
    expect(evicted).toBe(1);
    // Replaced or deleted is not pushed out.
    cache.set('b', entry(10));
    cache.delete('c');
    expect(evicted).toBe(1);
    expect(cache.bytes).toBe(10);
  });

  it('drops what carries a changed tag, or everything, and counts each invalidation', () => {
    const cache = createTaggedCache<ReturnType<typeof entry>>({ maxEntries: 10 });
    cache.set('home', entry(1, 'nav:main', 'entry:1'));
    cache.set('news', entry(1, 'entries:actualities'));
    cache.set('about', entry(1, 'entry:2'));
    expect(cache.generation).toBe(0);
    expect(cache.invalidate(new Set(['entry:1', 'entry:2']))).toBe(2);
    expect([...cache.keys()]).toEqual(['news']);
    expect(cache.generation).toBe(1);
    expect(cache.invalidate(new Set(['unrelated']))).toBe(0);
    expect(cache.generation).toBe(2);
    expect(cache.invalidate('everything')).toBe(1);
    expect(cache.size).toBe(0);
  });
});
