/** Text for XML content and attribute values. */
export const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[character]!,
  );

/** An RFC 3339 timestamp of a CMS date, or null when it is none. */
export const rfc3339 = (value: string | null | undefined): string | null => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
};
