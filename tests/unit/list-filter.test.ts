import { describe, expect, it } from 'vitest';
import { filterKey } from '../../src/browser/state.ts';
import { matchesFilter, readListFilter } from '../../src/common/list-filter.ts';

// The list filters: the state keys as docs/specification.md section 3 pairs them, reading the URL, and
// matching.

describe('list filters', () => {
  it('keep the courses filter under `events` and the events filter under `courses`', () => {
    expect(filterKey('courses')).toBe('events');
    expect(filterKey('events')).toBe('courses');
    expect(filterKey('actualities')).toBe('actualities');
  });

  it('read the URL, leaving out what is not a term slug', () => {
    expect(
      readListFilter(
        new URLSearchParams('search=%20bim%20&type=webinar&type=webinar&discipline=Bad%20Value&discipline=stedenbouw'),
      ),
    ).toEqual({
      search: 'bim',
      type: ['webinar'],
      discipline: ['stedenbouw'],
    });
    expect(readListFilter(new URLSearchParams(`search=${'x'.repeat(500)}`)).search).toHaveLength(100);
  });

  it('match search words in title and intro, any term within a taxonomy, every taxonomy', () => {
    const entry = {
      title: 'Circulair ontwerpen',
      intro: 'Met hergebruikte materialen',
      course_type: { id: '1', slug: 'masterclass', title: 'Masterclass' },
      disciplines: [{ id: '2', slug: 'architectuur', title: 'Architectuur' }],
    };
    const filter = (search: string, type: string[] = [], discipline: string[] = []) => ({ search, type, discipline });
    expect(matchesFilter('courses', entry, filter('CIRCULAIR materialen'))).toBe(true);
    expect(matchesFilter('courses', entry, filter('circulair beton'))).toBe(false);
    expect(matchesFilter('courses', entry, filter('', ['workshop', 'masterclass']))).toBe(true);
    expect(matchesFilter('courses', entry, filter('', ['masterclass'], ['stedenbouw']))).toBe(false);
    expect(matchesFilter('courses', entry, filter('', ['masterclass'], ['stedenbouw', 'architectuur']))).toBe(true);
  });
});
