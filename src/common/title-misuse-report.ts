import * as z from 'zod/mini';

// The title-misuse report: its fields (the handles of the Statamic form `title_misuse`), their bounds and
// the one validation the browser, the site and the sample CMS share. Errors are codes, not text: each
// side words them in its own way (the site from its catalogs, the CMS as Statamic does).

export const TITLE_MISUSE_FORM = 'title_misuse';

export const SUBJECT_KINDS = ['person', 'bureau'] as const;
export const TITLES_USED = [
  'architect',
  'interior-architect',
  'urban-planner',
  'landscape-architect',
  'other',
] as const;

/** The longest value of each field, in characters. */
export const FIELD_MAX_LENGTH = {
  subject_kind: 20,
  subject_name: 200,
  title_used: 40,
  location: 500,
  details: 5000,
  reporter_name: 200,
  reporter_email: 254,
} as const;

export type ReportField = keyof typeof FIELD_MAX_LENGTH;
export const REPORT_FIELDS = Object.keys(FIELD_MAX_LENGTH) as ReportField[];

/**
 * The honeypot: hidden from people, filled in by robots that fill in everything. Its name names nothing
 * an autofill profile holds (`website` did: the web page of a contact or an identity), since a browser or
 * password manager that fills it in anyway, `autocomplete="off"` or not, would drop a person's report.
 */
export const HONEYPOT_FIELD = 'extra_remark';

export type ReportErrorCode = 'required' | 'too_long' | 'choice' | 'email';
export type ReportErrors = Partial<Record<ReportField, ReportErrorCode>>;
export type ReportValues = Record<ReportField, string>;

// A type, not an interface: it is also a record of text fields (what the CMS is sent).
type TitleMisuseReport = {
  subject_kind: (typeof SUBJECT_KINDS)[number];
  subject_name: string;
  title_used: (typeof TITLES_USED)[number];
  location: string;
  details: string;
  /** Empty: the reporter stays anonymous. */
  reporter_name: string;
  reporter_email: string;
};

const REQUIRED: ReadonlySet<ReportField> = new Set([
  'subject_kind',
  'subject_name',
  'title_used',
  'location',
  'details',
]);
const CHOICES: Partial<Record<ReportField, readonly string[]>> = {
  subject_kind: SUBJECT_KINDS,
  title_used: TITLES_USED,
};
const email = z.email();

const checkField = (field: ReportField, value: string): ReportErrorCode | null => {
  if (value === '') return REQUIRED.has(field) ? 'required' : null;
  if (value.length > FIELD_MAX_LENGTH[field]) return 'too_long';
  const choices = CHOICES[field];
  if (choices && !choices.includes(value)) return 'choice';
  if (field === 'reporter_email' && !email.safeParse(value).success) return 'email';
  return null;
};

/** The submitted values as text, trimmed; anything that is not a string counts as empty. */
export const reportValues = (input: Readonly<Record<string, unknown>>): ReportValues =>
  Object.fromEntries(
    REPORT_FIELDS.map((field) => {
      const value = input[field];
      return [field, typeof value === 'string' ? value.trim() : ''];
    }),
  ) as ReportValues;

export type ReportValidation =
  { ok: true; report: TitleMisuseReport } | { ok: false; values: ReportValues; errors: ReportErrors };

export const validateReport = (input: Readonly<Record<string, unknown>>): ReportValidation => {
  const values = reportValues(input);
  const errors: ReportErrors = {};
  for (const field of REPORT_FIELDS) {
    const code = checkField(field, values[field]);
    if (code) errors[field] = code;
  }
  if (Object.keys(errors).length > 0) return { ok: false, values, errors };
  return { ok: true, report: values as TitleMisuseReport };
};
