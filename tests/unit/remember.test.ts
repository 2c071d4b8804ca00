import { describe, expect, it } from 'vitest';
import { remember } from '../../src/common/remember.ts';

// The site's one way of memoizing: the key and the bound are said at each use.

/** `derive` wrapped so that the test sees each key it was asked for. */
const counted = <K, V>(derive: (key: K) => V) => {
  const asked: K[] = [];
  return {
    asked,
    derive: (key: K) => {
      asked.push(key);
      return derive(key);
    },
  };
};

describe('remembered per text', () => {
  it('derives each text once, null included, the least recently used going first past its bound', () => {
    const { asked, derive } = counted((text: string) => (text === '' ? null : text.length));
    const lengthOf = remember(derive, { per: 'text', maxEntries: 3 });
    expect([lengthOf('a'), lengthOf('bb'), lengthOf(''), lengthOf('a'), lengthOf('')]).toEqual([1, 2, null, 1, null]);
    expect(asked).toEqual(['a', 'bb', '']);
    // 'bb' is the least recently used of the three: it goes, the others stay.
    lengthOf('dddd');
    expect([lengthOf('a'), lengthOf(''), lengthOf('dddd')]).toEqual([1, null, 4]);
    expect(asked).toEqual(['a', 'bb', '', 'dddd']);
    expect(lengthOf('bb')).toBe(2);
    expect(asked).toEqual(['a', 'bb', '', 'dddd', 'bb']);
  });

  it('keeps what fits in its size, the least recently used going first', () => {
    const { asked, derive } = counted((text: string) => text.toUpperCase());
    const upper = remember(derive, { per: 'text', maxSize: 10, sizeOf: (value, text) => value.length + text.length });
    upper('abc'); // 6
    upper('de'); // 4: full
    upper('abc');
    upper('f'); // 2: 'de' goes
    expect(asked).toEqual(['abc', 'de', 'f']);
    upper('abc');
    upper('f');
    expect(asked).toEqual(['abc', 'de', 'f']);
    upper('de');
    expect(asked).toEqual(['abc', 'de', 'f', 'de']);
  });
});

describe('remembered per object', () => {
  it('derives each object once, by identity, whatever follows the key', () => {
    const { asked, derive } = counted((rows: readonly number[]) => rows.reduce((sum, row) => sum + row, 0));
    const total = remember((rows: readonly number[], _label: string) => derive(rows), { per: 'object' });
    const rows = [1, 2, 3];
    expect(total(rows, 'first')).toBe(6);
    expect(total(rows, 'second')).toBe(6);
    expect(total([1, 2, 3], 'first')).toBe(6);
    expect(asked).toEqual([rows, [1, 2, 3]]);
    expect(asked[1]).not.toBe(rows);
  });
});

describe('remembered for the last sources', () => {
  it('derives again only when a source is another object, and keeps the last only', () => {
    const { asked, derive } = counted(([a, b]: [number[], string]) => `${a.join(',')} ${b}`);
    const joined = remember(derive, { per: 'last sources' });
    const one = [1];
    const two = [2];
    expect(joined([one, 'x'])).toBe('1 x');
    expect(joined([one, 'x'])).toBe('1 x');
    expect(asked).toHaveLength(1);
    expect(joined([one, 'y'])).toBe('1 y');
    expect(joined([two, 'y'])).toBe('2 y');
    // The first sources again: derived anew, only the last were kept.
    expect(joined([one, 'x'])).toBe('1 x');
    expect(asked).toHaveLength(4);
  });
});
