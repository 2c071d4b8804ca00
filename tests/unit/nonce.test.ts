import { describe, expect, it } from 'vitest';
import { newNonce } from '../../server/security/content-security-policy.ts';

describe('newNonce', () => {
  it('gives every response a nonce of its own: 18 random bytes, never the same twice over several draws', () => {
    const nonces = Array.from({ length: 2000 }, () => newNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    // Base64 of 18 bytes: 24 characters, no padding, a valid CSP nonce source.
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });
});
