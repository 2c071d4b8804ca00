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
