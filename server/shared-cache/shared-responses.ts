import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { SharedEntry, SharedResponses } from '../../src/common/contract.ts';
import type { RedisLink } from './redis-link.ts';
import type { Signer } from './signing.ts';
import type { TaggedKeys } from './tagged-keys.ts';

// CMS answers shared by the replicas. A missing answer is fetched once for the whole fleet: the replica
// that takes a short lock asks the CMS and stores the answer; the others poll for it, and ask the CMS
// themselves once `lockWaitMs` has passed (the one holding the lock may have died). Entries stay past
// their hour for `staleKeepMs`, so that a replica that starts or lost its copy can answer stale at once.

const POLL_MS = 20;

export const createSharedResponses = ({
  link,
  keys,
  signer,
  lockWaitMs,
  staleKeepMs,
  invalidations,
  log,
  now = Date.now,
}: {
  link: RedisLink;
  keys: TaggedKeys;
  signer: Signer;
  lockWaitMs: number;
  staleKeepMs: number;
  /** How many invalidations this replica has seen: an answer fetched across one is not stored. */
  invalidations: () => number;
  log: Logger;
  now?: () => number;
}): SharedResponses => {
  const read = async (key: string): Promise<SharedEntry | null> => {
    if (!link.ready()) return null;
    try {
      const redisKey = keys.keyOf('response', key);
      const stored = await link.command.get(redisKey);
      if (stored === null) return null;
      // An answer only a replica can have written.
      const json = signer.unseal(redisKey, stored);
      if (json === null) {
        log.warn(
          { key: redisKey },
          'a shared CMS answer without a valid signature was ignored: something other than a replica wrote to Redis',
        );
        return null;
      }
      return JSON.parse(json) as SharedEntry;
    } catch (error) {
      log.debug({ err: error }, 'Redis read failed');
      return null;
    }
  };

  const write = async (key: string, entry: SharedEntry): Promise<void> => {
    const redisKey = keys.keyOf('response', key);
    const ttlMs = Math.max(1, entry.expiresAt - now()) + staleKeepMs;
    await keys.write(redisKey, signer.seal(redisKey, JSON.stringify(entry)), entry.tags, ttlMs);
  };

  /** Stores what `load` fetched, unless an invalidation came meanwhile; a Redis fault only costs the sharing. */
  const loadAndStore = async (key: string, load: () => Promise<SharedEntry>): Promise<SharedEntry> => {
    const startedIn = invalidations();
    const entry = await load();
    if (invalidations() === startedIn && link.ready())
      await write(key, entry).catch((error: unknown) => log.debug({ err: error }, 'Redis write failed'));
    return entry;
  };

  /** A fresh answer another replica stored, told from the copy being replaced by its expiry. */
  const readNew = async (key: string, replacing: SharedEntry | null): Promise<SharedEntry | null> => {
    const entry = await read(key);
    return entry && entry.expiresAt > now() && entry.expiresAt !== replacing?.expiresAt ? entry : null;
  };

  const awaitOther = async (key: string, replacing: SharedEntry | null): Promise<SharedEntry | null> => {
    const deadline = now() + lockWaitMs;
    for (;;) {
      const entry = await readNew(key, replacing);
      if (entry) return entry;
      if (now() >= deadline || !link.ready()) return null;
      await sleep(POLL_MS);
    }
  };

  return {
    read,
    async fill(key, load, replacing) {
      if (!link.ready()) return load();
      const lock = `${keys.keyOf('response', key)}:lock`;
      const taken = await link.command.set(lock, '1', 'PX', lockWaitMs, 'NX').catch(() => null);
      if (taken === 'OK') {
        try {
          // Someone may have stored it between the caller's look and this lock.
          return (await readNew(key, replacing)) ?? (await loadAndStore(key, load));
        } finally {
          link.command.del(lock).catch(() => undefined);
        }
      }
      return (await awaitOther(key, replacing)) ?? loadAndStore(key, load);
    },
  };
};
