// What became of a form posted to its page, named in the page's query after the site's 303 and in the
// JSON answer to a post made with fetch.

/** The query parameter of a form's page after a post: what became of the submission. */
export const FORM_RESULT_PARAM = 'status';
/** `received`: the CMS has it; `saved`: kept by the site, to be delivered to the CMS later. */
export const FORM_RESULTS = ['received', 'saved'] as const;
export type FormResult = (typeof FORM_RESULTS)[number];

/**
 * A post's id (a UUID) and whether it repeats a post answered 503 under that id: the form shown again
 * after a 503 carries both, a form sent with JavaScript its own id, and the repeat mark when it sends
 * the same report again. Never in a page every visitor shares.
 */
export const SUBMISSION_FIELD = 'submission';
export const REPEAT_FIELD = 'repeat';

/**
 * The reference (kenmerk) a reporter can quote when writing about a report: the Statamic form's hidden
 * field of that name holds it, so that the register finds the submission. It is made from the post's id
 * (the first 40 of its random bits, in Crockford's base 32: no I, L, O or U to misread), so a post
 * repeated under its id keeps its reference. In the confirmation's address after the site's 303, which
 * makes that page this visitor's own (never shared, never kept) and is left out of analytics.
 */
export const REFERENCE_FIELD = 'reference';
export const FORM_REFERENCE_PARAM = 'reference';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** `XXXX-XXXX` from a submission id (a UUID). */
export const submissionReference = (id: string): string => {
  // Forty bits are well inside a number's exact integers.
  const bits = Number.parseInt(id.replaceAll('-', '').slice(0, 10), 16);
  const symbols = Array.from({ length: 8 }, (_, index) => CROCKFORD[Math.floor(bits / 32 ** (7 - index)) % 32]);
  return `${symbols.slice(0, 4).join('')}-${symbols.slice(4).join('')}`;
};

export const isSubmissionReference = (value: unknown): value is string =>
  typeof value === 'string' && REFERENCE.test(value);

/** `href` without the reference: what analytics is told of the confirmation's address. */
export const withoutReference = (href: string): string => {
  const url = new URL(href);
  url.searchParams.delete(FORM_REFERENCE_PARAM);
  return url.href;
};
