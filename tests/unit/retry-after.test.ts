import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../src/common/retry-after.ts';

// Retry-After as RFC 9110 gives it: seconds, or an HTTP date.

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('Fri, 27 Nov 2026 22:00:00 GMT');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Fri, 27 Nov 2026 22:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 21:00:00 GMT', now)).toBe(0);
    for (const unreadable of [null, '', '-5', '1.5', 'soon']) expect(retryAfterMs(unreadable, now)).toBeNull();
  });
});
