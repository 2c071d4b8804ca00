// A `Retry-After` header (RFC 9110, 10.2.3): delay-seconds or an HTTP date (IMF-fixdate, the form senders
// must use).

const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** How long the header asks to wait, in milliseconds; null when absent or unreadable. */
export const retryAfterMs = (value: string | null, now = Date.now()): number | null => {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = IMF_FIXDATE.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
};
