import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/cms/format.ts';
import { amsterdamDay } from '../../src/server-components/templates/formatted-date.tsx';

describe('dates of the content', () => {
  it('reads a CMS date as people read it, and as the day it falls on in Amsterdam', () => {
    // 23:30 UTC on 31 December is already 1 January in Amsterdam.
    expect(formatDate('2026-12-31T23:30:00.000000Z', 'nl')).toBe('1 januari 2027');
    expect(formatDate('2026-12-31T23:30:00.000000Z', 'en')).toBe('1 January 2027');
    expect(amsterdamDay('2026-12-31T23:30:00.000000Z')).toBe('2027-01-01');
    expect(amsterdamDay(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
  });

  it('leaves out what is not a date, and says the same the second time', () => {
    for (let time = 0; time < 2; time += 1) {
      expect(formatDate('not a date', 'nl')).toBeNull();
      expect(formatDate('', 'en')).toBeNull();
      expect(amsterdamDay('31-12-2026')).toBeNull();
      expect(formatDate('2027-03-05', 'nl')).toBe('5 maart 2027');
    }
  });
});
