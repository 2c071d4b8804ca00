import { describe, expect, it } from 'vitest';
import { pageCacheKey } from '../../server/page-cache/cache-key.ts';
import { pageQuery } from '../../src/common/page-query.ts';
import type { PageFilters } from '../../src/common/page-query.ts';

// The query a page is rendered from and kept by: campaign ids out, filter values as the list reads them,
// only the filters the page has.

const read = (search: string, filters?: PageFilters) => pageQuery(new URLSearchParams(search), filters).toString();
const courses: PageFilters = {
  params: new Set(['search', 'type', 'discipline']),
  terms: new Map([['type', new Set(['masterclass', 'workshop'])]]),
};

describe('pageQuery', () => {
  it('leaves out campaign and click ids', () => {
    expect(read('utm_source=a&utm_medium=b&fbclid=c&gclid=d&msclkid=e&mc_cid=f&mc_eid=g&pagina=2')).toBe('pagina=2');
  });

  it('reads filter values as the list does: trimmed and cut text, term slugs once each, in one order', () => {
    expect(read(`type=workshop&search=%20%20bim%20%20&type=Bad%20Value&type=masterclass&type=workshop`)).toBe(
      'search=bim&type=masterclass&type=workshop',
    );
    expect(read('search=%20&type=')).toBe('');
    const long = read(`search=${'a'.repeat(99)}%20${'b'.repeat(50)}`);
    expect(new URLSearchParams(long).get('search')).toBe('a'.repeat(99));
    expect(
      read(Array.from({ length: 30 }, (_, index) => `discipline=d${String(index).padStart(2, '0')}`).join('&')),
    ).toBe(Array.from({ length: 20 }, (_, index) => `discipline=d${String(index).padStart(2, '0')}`).join('&'));
  });

  it('keeps only the filters the page has, and of their terms only those it knows', () => {
    expect(read('search=x&type=masterclass&discipline=architectuur', { params: new Set(), terms: new Map() })).toBe('');
    expect(read('type=masterclass&type=bestaat-niet&discipline=architectuur&pagina=2', courses)).toBe(
      'discipline=architectuur&pagina=2&type=masterclass',
    );
  });

  it('leaves every other parameter as it is, for the pages that read them (never kept)', () => {
    expect(read('status=received&utm_source=x')).toBe('status=received');
  });

  it('is read the same the second time: the key of a rendered page is the key it was looked up by', () => {
    for (const search of ['search=%20a%20b%20&type=x&type=a&pagina=3&utm_id=1', `search=${' x'.repeat(80)}`]) {
      const once = read(search);
      expect(read(once)).toBe(once);
      expect(read(once, courses)).toBe(read(search, courses));
    }
  });
});

describe('pageCacheKey', () => {
  it('is one key for the URLs a list reads alike, and keeps only filtered and paged lists', () => {
    const key = (search: string) => pageCacheKey('build', 'html', '/cursussen', search);
    expect(key('?type=masterclass&search=&utm_source=x&_rsc=b').key).toBe(key('?type=masterclass').key);
    expect(key('?type=masterclass').search).toBe('?type=masterclass');
    expect(key('?fbclid=1')).toEqual({ key: 'build html /cursussen', storable: true, search: '' });
    expect(key('?session=1').storable).toBe(false);
  });
});
