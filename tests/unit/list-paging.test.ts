import { describe, expect, it } from 'vitest';
import { listPageHref, pageCount, pageItems, readPageRequest } from '../../src/common/list-paging.ts';
import { neighboursOf, pagedListOf } from '../../src/server-components/page-builder/listed-entries.ts';
import type { ListEntry } from '../../src/server-components/page-builder/listed-entries.ts';

const query = (search: string) => new URLSearchParams(search);

describe('readPageRequest', () => {
  it('reads the page of its language, page 1 without a parameter', () => {
    expect(readPageRequest(query(''), 'nl')).toEqual({ kind: 'page', page: 1 });
    expect(readPageRequest(query('pagina=2'), 'nl')).toEqual({ kind: 'page', page: 2 });
    expect(readPageRequest(query('page=12&search=x'), 'en')).toEqual({ kind: 'page', page: 12 });
  });

  it('moves page 1, a number with leading zeros and the other language’s parameter to the canonical form', () => {
    expect(readPageRequest(query('pagina=1'), 'nl')).toEqual({ kind: 'moved', page: 1 });
    expect(readPageRequest(query('pagina=007'), 'nl')).toEqual({ kind: 'moved', page: 7 });
    expect(readPageRequest(query('page=3'), 'nl')).toEqual({ kind: 'moved', page: 3 });
    expect(readPageRequest(query('pagina=3'), 'en')).toEqual({ kind: 'moved', page: 3 });
  });

  it('refuses what is no page number', () => {
    for (const search of [
      'pagina=',
      'pagina=abc',
      'pagina=0',
      'pagina=-1',
      'pagina=1.5',
      'pagina=1234567',
      'pagina=2&pagina=3',
      'pagina=2&page=2',
      'pagina=%202',
    ])
      expect([search, readPageRequest(query(search), 'nl').kind]).toEqual([search, 'invalid']);
  });
});

describe('pages of a list', () => {
  it('counts pages (an empty list is one page) and cuts them', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageItems([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(pageItems([1, 2, 3, 4, 5], 3, 2)).toEqual([5]);
  });

  it('links a page with the filter kept, its own parameter last, none for page 1', () => {
    expect(listPageHref('/actualiteiten', query('type=a&pagina=3&search=b'), 'nl', 2)).toBe(
      '/actualiteiten?type=a&search=b&pagina=2',
    );
    expect(listPageHref('/actualiteiten', query('pagina=3'), 'nl', 1)).toBe('/actualiteiten');
    expect(listPageHref('/en/news', query('pagina=3'), 'en', 3)).toBe('/en/news?page=3');
  });
});

describe('pagedListOf', () => {
  const list = (id: string, collection: string) => ({ id, type: 'collection_list', collection, limit: 3 });
  it('pages the one list of a page, and none of a page with several', () => {
    expect(pagedListOf([{ id: 't', type: 'text' }, list('a', 'events')])?.id).toBe('a');
    expect(pagedListOf([list('a', 'events'), list('b', 'actualities')])).toBeNull();
    expect(pagedListOf([list('a', 'unknown')])).toBeNull();
    expect(pagedListOf(null)).toBeNull();
  });
});

describe('neighboursOf', () => {
  const entry = (id: string, type: string, disciplines: string[] = []) =>
    ({
      id,
      title: id,
      url: `/actualiteiten/${id}`,
      actuality_type: { id: type, slug: type, title: type },
      disciplines: disciplines.map((slug) => ({ id: slug, slug, title: slug })),
    }) as unknown as ListEntry;
  const entries = [
    entry('a', 'nieuws'),
    entry('b', 'column', ['stedenbouw']),
    entry('c', 'nieuws', ['stedenbouw']),
    entry('d', 'nieuws'),
    entry('e', 'column'),
    entry('f', 'persbericht', ['stedenbouw']),
    entry('g', 'nieuws', ['stedenbouw']),
  ];

  it('takes the entries before and after it in the list', () => {
    expect(neighboursOf('actualities', entries, 'c')).toMatchObject({ previous: { id: 'b' }, next: { id: 'd' } });
    expect(neighboursOf('actualities', entries, 'a')).toMatchObject({ previous: null, next: { id: 'b' } });
    expect(neighboursOf('actualities', entries, 'g')).toMatchObject({ previous: { id: 'f' }, next: null });
  });

  it('relates the entries sharing most terms, in list order among equals, without the neighbours', () => {
    const ids = (id: string) => neighboursOf('actualities', entries, id).related.map((related) => related.id);
    // c is news on urban design: g shares both terms; a shares one; f shares one (b and d are its neighbours).
    expect(ids('c')).toEqual(['g', 'a', 'f']);
    expect(ids('x')).toEqual(['a', 'b', 'c']);
  });
});
