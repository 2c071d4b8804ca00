/**
 * Characters XML 1.0 allows nowhere (section 2.2, `Char`): the C0 controls but tab, line feed and carriage
 * return, U+FFFE and U+FFFF, and a surrogate outside a pair (with the `u` flag a pair is one character and
 * does not match). One of them in a CMS title would make the whole document ill-formed: a feed reader or
 * a crawler then reads nothing of it.
 */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/gu;

/** Text for XML content and attribute values: what XML cannot hold removed, markup escaped. */
export const escapeXml = (text: string): string =>
  text
    .replace(NOT_XML, '')
    .replace(
      /[<>&'"]/g,
      (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[character]!,
    );

/** An RFC 3339 timestamp (UTC, whole seconds) of the first of `values` that is a date, or null when none is. */
export const rfc3339 = (...values: Array<string | null | undefined>): string | null => {
  const date = values
    .map((value) => (value ? new Date(value) : null))
    .find((candidate) => candidate && !Number.isNaN(candidate.getTime()));
  return date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
};
