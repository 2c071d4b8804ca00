// A `Retry-After` header (RFC 9110, 10.2.3): delay-seconds or an HTTP date.

/** How long the header asks to wait, in milliseconds; null when absent or unreadable. */
export const retryAfterMs = (value: string | null, now = Date.now()): number | null => {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
};
