import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSubmissionReference, submissionReference, withoutReference } from '../../src/common/form-results.ts';

// A report's reference (kenmerk): made from its post's id, so that a post repeated under that id keeps it.

describe('submissionReference', () => {
  it("spells the id's first forty bits in Crockford's base 32, in two groups of four", () => {
    expect(submissionReference('00000000-0000-4000-8000-000000000000')).toBe('0000-0000');
    expect(submissionReference('01234567-89ab-4def-8123-456789abcdef')).toBe('04HM-ASW9');
    expect(submissionReference('fedcba98-7654-4321-8fed-cba987654321')).toBe('ZVEB-N63P');
    expect(submissionReference('ffffffff-ffff-4fff-bfff-ffffffffffff')).toBe('ZZZZ-ZZZZ');
  });

  it('gives every id a reference of its own shape, the same each time', () => {
    for (let count = 0; count < 1000; count += 1) {
      const id = randomUUID();
      expect(isSubmissionReference(submissionReference(id))).toBe(true);
      expect(submissionReference(id)).toBe(submissionReference(id.toUpperCase()));
    }
  });

  it('takes no letter that reads as a figure, and nothing but the shape', () => {
    for (const made of ['IIII-0000', 'OOOO-0000', 'LLLL-0000', 'UUUU-0000', '04hm-asw9', '04HMASW9', '04HM-ASW9 ', 42])
      expect(isSubmissionReference(made)).toBe(false);
  });
});

describe('withoutReference', () => {
  it('leaves the reference out of an address and keeps the rest', () => {
    expect(withoutReference('https://www.example.nl/de-wet/melden?status=received&reference=04HM-ASW9#top')).toBe(
      'https://www.example.nl/de-wet/melden?status=received#top',
    );
    expect(withoutReference('https://www.example.nl/')).toBe('https://www.example.nl/');
  });
});
