import { describe, expect, it } from 'vitest';
import { FIELD_MAX_LENGTH, validateReport } from '../../src/common/title-misuse-report.ts';

const valid = {
  subject_kind: 'bureau',
  subject_name: 'Bouwbureau Voorbeeld',
  title_used: 'architect',
  location: 'https://bouwbureau.example.nl/over-ons',
  details: 'De website noemt het bureau "architecten", maar er staat niemand in het register.',
  reporter_name: '',
  reporter_email: '',
};

describe('validateReport', () => {
  it('accepts a complete anonymous report, trimmed', () => {
    const result = validateReport({ ...valid, subject_name: '  Bouwbureau Voorbeeld ' });
    expect(result).toEqual({ ok: true, report: valid });
  });

  it('accepts a reporter with a name and an e-mail address', () => {
    const result = validateReport({ ...valid, reporter_name: 'A. de Vries', reporter_email: 'a.devries@example.nl' });
    expect(result.ok).toBe(true);
  });

  it('names each missing required field, and keeps what was typed', () => {
    const result = validateReport({ details: ' iets ', reporter_name: 'Piet' });
    expect(result).toEqual({
      ok: false,
      values: {
        ...valid,
        subject_kind: '',
        subject_name: '',
        title_used: '',
        location: '',
        details: 'iets',
        reporter_name: 'Piet',
      },
      errors: { subject_kind: 'required', subject_name: 'required', title_used: 'required', location: 'required' },
    });
  });

  it('refuses a choice that is not offered', () => {
    const result = validateReport({ ...valid, subject_kind: 'company', title_used: 'engineer' });
    expect(!result.ok && result.errors).toEqual({ subject_kind: 'choice', title_used: 'choice' });
  });

  it('refuses a malformed e-mail address', () => {
    const result = validateReport({ ...valid, reporter_email: 'not-an-address' });
    expect(!result.ok && result.errors).toEqual({ reporter_email: 'email' });
  });

  it('bounds every field', () => {
    const result = validateReport({ ...valid, details: 'x'.repeat(FIELD_MAX_LENGTH.details + 1) });
    expect(!result.ok && result.errors).toEqual({ details: 'too_long' });
    expect(validateReport({ ...valid, details: 'x'.repeat(FIELD_MAX_LENGTH.details) }).ok).toBe(true);
  });

  it('takes what is not text as empty', () => {
    const result = validateReport({ ...valid, subject_name: ['a', 'b'], location: { a: 1 } });
    expect(!result.ok && result.errors).toEqual({ subject_name: 'required', location: 'required' });
  });
});
