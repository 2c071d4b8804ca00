// What became of a form posted to its page, named in the page's query after the site's 303 and in the
// JSON answer to a post made with fetch.

/** The query parameter of a form's page after a post: what became of the submission. */
export const FORM_RESULT_PARAM = 'status';
/** `received`: the CMS has it; `saved`: kept by the site, to be delivered to the CMS later. */
export const FORM_RESULTS = ['received', 'saved'] as const;
export type FormResult = (typeof FORM_RESULTS)[number];
