import { createHmac, timingSafeEqual } from 'node:crypto';

// Entries in Redis are signed with CACHE_SIGNING_KEY, which the replicas share: Redis holds rendered
// pages and the script hashes their Content Security Policy allows, so whoever could write to it could
// otherwise serve script from the site. The signature covers the entry's Redis key too, so that a
// signed entry moved to another key is refused as well.

export interface Signer {
  sign(redisKey: string, parts: readonly (Buffer | string)[]): string;
  verify(redisKey: string, parts: readonly (Buffer | string)[], signature: string): boolean;
  /** A text value with its signature in front: `{signature}.{text}`. */
  seal(redisKey: string, text: string): string;
  /** The text of a sealed value, or null when its signature does not hold. */
  unseal(redisKey: string, sealed: string): string | null;
}

export const createSigner = (secret: string): Signer => {
  const mac = (redisKey: string, parts: readonly (Buffer | string)[]) => {
    const hmac = createHmac('sha256', secret).update(redisKey);
    // Each part behind its length: no two different lists of parts sign alike.
    for (const part of parts) {
      const bytes = typeof part === 'string' ? Buffer.from(part) : part;
      const length = Buffer.alloc(8);
      length.writeBigUInt64BE(BigInt(bytes.length));
      hmac.update(length).update(bytes);
    }
    return hmac.digest();
  };
  const sign = (redisKey: string, parts: readonly (Buffer | string)[]) => mac(redisKey, parts).toString('base64url');
  const verify = (redisKey: string, parts: readonly (Buffer | string)[], signature: string) => {
    const given = Buffer.from(signature, 'base64url');
    const expected = mac(redisKey, parts);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return {
    sign,
    verify,
    seal: (redisKey, text) => `${sign(redisKey, [text])}.${text}`,
    unseal(redisKey, sealed) {
      // base64url has no dot: the first one ends the signature.
      const dot = sealed.indexOf('.');
      const text = sealed.slice(dot + 1);
      return dot >= 0 && verify(redisKey, [text], sealed.slice(0, dot)) ? text : null;
    },
  };
};
