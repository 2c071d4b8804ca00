import { FORM_REFERENCE_PARAM, FORM_RESULT_PARAM } from '../../src/common/form-results.ts';
import type { FormResult } from '../../src/common/form-results.ts';

/** Four symbols of Crockford's base 32. */
const SYMBOLS = '[0-9A-HJKMNP-TV-Z]{4}';
/** The reference (kenmerk) a report is given: `XXXX-XXXX`. */
export const REFERENCE = new RegExp(`^${SYMBOLS}-${SYMBOLS}$`);

/**
 * Where the site's 303 after a post without JavaScript leads: the page, what became of the report, its
 * reference. As a path (the Location header) or a whole URL (the browser's address).
 */
export const confirmationAt = (page: string, result: FormResult): RegExp =>
  new RegExp(
    `(^|//[^/]+)${page.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?${FORM_RESULT_PARAM}=${result}&${FORM_REFERENCE_PARAM}=${SYMBOLS}-${SYMBOLS}$`,
  );

/** The reference in the address of a confirmation. */
export const referenceIn = (location: string | null): string | null =>
  new URLSearchParams(location?.split('?')[1] ?? '').get(FORM_REFERENCE_PARAM);
