import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

// A Lua script run by its SHA-1 (EVALSHA), so that its text crosses the network once per Redis server
// rather than with every call (the CMS's budget runs one for each CMS call, the outbox one for each
// report). A Redis that does not know it yet, or forgot it (a restart, a failover to a replica), answers
// NOSCRIPT; the script is then sent whole once, which also stores it there.

export type RedisScript = (
  redis: Redis,
  keys: readonly string[],
  args: readonly (string | number | Buffer)[],
) => Promise<unknown>;

const isNoScript = (error: unknown) => error instanceof Error && error.message.startsWith('NOSCRIPT');

export const redisScript = (lua: string): RedisScript => {
  const sha = createHash('sha1').update(lua).digest('hex');
  return async (redis, keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      return await redis.eval(lua, keys.length, ...keys, ...args);
    }
  };
};
