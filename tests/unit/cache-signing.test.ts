import { describe, expect, it } from 'vitest';
import { createSigner } from '../../server/shared-cache/signing.ts';

// What the replicas write to Redis carries a signature only a holder of CACHE_SIGNING_KEY can make.

const signer = createSigner('a-signing-key-the-replicas-share-0123456789');
const parts = ['{"contentType":"text/html"}', Buffer.from('<p>page</p>')];

describe('cache signing', () => {
  it('accepts what it signed, for the key it signed it for', () => {
    expect(
      signer.verify('architectenregister:p:/over-ons', parts, signer.sign('architectenregister:p:/over-ons', parts)),
    ).toBe(true);
  });

  it('refuses a changed part, another key, parts split otherwise, another signing key and garbage', () => {
    const signature = signer.sign('architectenregister:p:/over-ons', parts);
    expect(
      signer.verify(
        'architectenregister:p:/over-ons',
        ['{"contentType":"text/html"}', Buffer.from('<p>pagE</p>')],
        signature,
      ),
    ).toBe(false);
    expect(signer.verify('architectenregister:p:/contact', parts, signature)).toBe(false);
    expect(
      signer.verify(
        'architectenregister:p:/over-ons',
        ['{"contentType":"text/html"}<p>', Buffer.from('page</p>')],
        signature,
      ),
    ).toBe(false);
    expect(
      createSigner('another-key-of-at-least-thirty-two-characters').verify(
        'architectenregister:p:/over-ons',
        parts,
        signature,
      ),
    ).toBe(false);
    expect(signer.verify('architectenregister:p:/over-ons', parts, '')).toBe(false);
    expect(signer.verify('architectenregister:p:/over-ons', parts, 'not base64url!')).toBe(false);
  });
});

describe('sealed text values', () => {
  it('open to their text with the right key, and to nothing once changed or moved', () => {
    const sealed = signer.seal('architectenregister:r:/api/globals', '{"a":1}');
    expect(signer.unseal('architectenregister:r:/api/globals', sealed)).toBe('{"a":1}');
    expect(signer.unseal('architectenregister:r:/api/globals', sealed.replace('{"a":1}', '{"a":2}'))).toBeNull();
    expect(signer.unseal('architectenregister:r:/api/navs', sealed)).toBeNull();
    expect(signer.unseal('architectenregister:r:/api/globals', '{"a":1}')).toBeNull();
  });
});
