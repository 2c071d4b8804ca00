import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Register } from '../../src/common/register-types.ts';

// Numbers the register answered it does not have, known as such for a while (REGISTER_NOT_FOUND_TTL_MS)
// by this process and, with Redis, by every replica: guessing registration numbers then costs the
// register's API one call per number and period, not one per guess. Found registrations are not kept here
// (their pages are, for REGISTER_PAGE_TTL_MS). A Redis fault only means the register is asked.

/** How many absent numbers this process remembers; the least recently asked go first. */
const MAX_LOCAL = 10_000;

export const rememberAbsentNumbers = (
  register: Register,
  {
    ttlMs,
    redis,
    connected,
    prefix,
    log,
  }: {
    /** 0: not remembered. */
    ttlMs: number;
    /** The replicas' Redis, or null for this process alone. */
    redis: Redis | null;
    /** Redis is connected now (the shared cache's link). */
    connected: () => boolean;
    prefix: string;
    log: Logger;
  },
): Register => {
  if (ttlMs <= 0) return register;
  const local = new LRUCache<string, true>({ max: MAX_LOCAL, ttl: ttlMs });
  const keyOf = (number: string) => `${prefix}register:absent:${number}`;
  const ready = () => redis !== null && connected();

  /** Known absent here, or in Redis (then here too, for what is left of its time). */
  const knownAbsent = async (number: string): Promise<boolean> => {
    if (local.has(number)) return true;
    if (!ready()) return false;
    try {
      const left = await redis!.pttl(keyOf(number));
      if (left <= 0) return false;
      local.set(number, true, { ttl: Math.min(left, ttlMs) });
      return true;
    } catch (error) {
      log.debug({ err: error }, 'the absent registration numbers could not be read from Redis');
      return false;
    }
  };

  const markAbsent = (number: string): void => {
    local.set(number, true);
    if (!ready()) return;
    redis!.set(keyOf(number), '1', 'PX', ttlMs).catch((error: unknown) => {
      log.debug({ err: error }, 'an absent registration number could not be shared in Redis');
    });
  };

  return {
    search: (query) => register.search(query),
    places: () => register.places(),
    async get(number) {
      if (await knownAbsent(number)) return null;
      const architect = await register.get(number);
      if (architect === null) markAbsent(number);
      return architect;
    },
  };
};
