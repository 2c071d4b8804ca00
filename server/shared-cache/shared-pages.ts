import type { Logger } from 'pino';
import type { CachedPage, SharedPages } from '../page-cache/page-cache.ts';
import type { RedisLink } from './redis-link.ts';
import type { Signer } from './signing.ts';
import type { TaggedKeys } from './tagged-keys.ts';

// Rendered pages shared by the replicas: a page one replica rendered is served by the others without a
// render. A hash per page: its description, and the identity, gzip and brotli bodies as they are, signed
// together (signing.ts); a page whose signature does not hold was not written by a replica, and is
// ignored with a line in the log.

type Description = Pick<
  CachedPage,
  'contentType' | 'etag' | 'expiresAt' | 'tags' | 'scriptHashes' | 'routeName' | 'headers' | 'changesAt'
>;

export const createSharedPages = ({
  link,
  keys,
  signer,
  staleKeepMs,
  log,
  now = Date.now,
}: {
  link: RedisLink;
  keys: TaggedKeys;
  signer: Signer;
  staleKeepMs: number;
  log: Logger;
  now?: () => number;
}): SharedPages => ({
  async read(key) {
    if (!link.ready()) return null;
    try {
      const redisKey = keys.keyOf('page', key);
      const fields = await link.command.hgetallBuffer(redisKey);
      const { description, body, gzip, br, signature } = fields;
      if (!description || !body || !gzip || !br) return null;
      if (!signature || !signer.verify(redisKey, [description, body, gzip, br], signature.toString())) {
        log.warn(
          { key: redisKey },
          'a shared page without a valid signature was ignored: something other than a replica wrote to Redis',
        );
        return null;
      }
      return { ...(JSON.parse(description.toString()) as Description), body, gzip, br };
    } catch (error) {
      log.debug({ err: error }, 'Redis read failed');
      return null;
    }
  },

  async write(key, page) {
    if (!link.ready()) return;
    const redisKey = keys.keyOf('page', key);
    const { contentType, etag, expiresAt, tags, scriptHashes, routeName, headers, changesAt } = page;
    const description = JSON.stringify({
      contentType,
      etag,
      expiresAt,
      tags,
      scriptHashes,
      routeName,
      ...(headers ? { headers } : {}),
      ...(changesAt === undefined ? {} : { changesAt }),
    } satisfies Description);
    const signature = signer.sign(redisKey, [description, page.body, page.gzip, page.br]);
    const ttlMs = Math.max(1, expiresAt - now()) + staleKeepMs;
    // One step, so that nobody reads half a page.
    await keys
      .write(redisKey, { description, body: page.body, gzip: page.gzip, br: page.br, signature }, tags, ttlMs)
      .catch((error: unknown) => log.debug({ err: error }, 'Redis write failed'));
  },

  async delete(key) {
    if (!link.ready()) return;
    await link.command
      .unlink(keys.keyOf('page', key))
      .catch((error: unknown) => log.debug({ err: error }, 'Redis delete failed'));
  },
});
