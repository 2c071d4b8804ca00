import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FleetBudget } from '../../src/common/contract.ts';
import { redisScript } from './redis-script.ts';
import type { RedisScript } from './redis-script.ts';

// The budget of CMS calls the replicas share (src/cms/request-budget.ts says what it keeps): they reach
// the CMS from one address, and the CMS counts them as one client. A sorted set holds the calls of the
// last window, each scored by the time its slot frees (a window after its answer; while it runs, a window
// after the longest it may run); a key with a time to live holds a 429's wait. Each
// step is one Lua script, so that two replicas never take the same last call, and reads Redis's clock,
// so that the replicas' own clocks never disagree about a window. A Redis fault answers null: the
// renderer then keeps to its own budget until Redis is back.

/** The time on Redis's clock, in milliseconds. */
const NOW = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * KEYS: calls, block. ARGV: id, limit (-1: none), reserve, window, the longest a call runs. Answers
 * {wait, remaining (-1: no limit)}.
 */
const TAKE = redisScript(`${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('PTTL', KEYS[2])
if held > 0 then return {held, 0} end
local limit, reserve, window = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if limit < 0 then return {0, -1} end
local count = redis.call('ZCARD', KEYS[1])
if count + reserve < limit then
  local running = tonumber(ARGV[5])
  redis.call('ZADD', KEYS[1], now + running + window, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], running + window)
  return {0, limit - count - 1}
end
local leaving = count - (limit - reserve) + 1
if leaving > count then return {window, math.max(0, limit - count)} end
local frees = redis.call('ZRANGE', KEYS[1], leaving - 1, leaving - 1, 'WITHSCORES')
return {math.max(1, math.min(tonumber(frees[2]) - now, window)), math.max(0, limit - count)}`);

/** KEYS: calls. ARGV: id, window. The call's slot frees a window from now (and the key lives as long). */
const SETTLE = redisScript(`${NOW}
local window = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], 'XX', now + window, ARGV[1])
if redis.call('PTTL', KEYS[1]) < window then redis.call('PEXPIRE', KEYS[1], window) end
return 0`);

/** KEYS: calls. ARGV: id prefix, limit, remaining, window. Fills the window up to `limit - remaining` calls. */
const CAP = redisScript(`${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local window = tonumber(ARGV[4])
local extra = tonumber(ARGV[2]) - tonumber(ARGV[3]) - redis.call('ZCARD', KEYS[1])
for i = 1, extra do redis.call('ZADD', KEYS[1], now + window, ARGV[1] .. i) end
if extra > 0 and redis.call('PTTL', KEYS[1]) < window then redis.call('PEXPIRE', KEYS[1], window) end
return 0`);

/** KEYS: block. ARGV: ms. A longer wait already kept stands. */
const BLOCK = redisScript(`if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
end
return 0`);

export const createFleetBudget = ({
  redis,
  ready,
  prefix,
  windowMs,
  callMs,
}: {
  /** The shared cache's command connection. */
  redis: Redis;
  /** Connected now (the shared cache's link). */
  ready: () => boolean;
  prefix: string;
  windowMs: number;
  /** The longest a CMS call runs (its timeout): a call still running holds its slot that long and a window. */
  callMs: number;
}): FleetBudget => {
  const calls = `${prefix}cms-budget:calls`;
  const block = `${prefix}cms-budget:block`;
  // The calls a cap adds need names no other replica's cap uses.
  const capPrefix = `cap:${randomUUID()}:`;
  let caps = 0;
  /** A script's answer, or null while Redis cannot give one. */
  const run = async (script: RedisScript, keys: string[], args: Array<string | number>): Promise<unknown> => {
    if (!ready()) return null;
    try {
      return await script(redis, keys, args);
    } catch {
      // The outage itself is logged by the Redis connection.
      return null;
    }
  };
  return {
    async take(id, limit, reserve) {
      const answer = (await run(TAKE, [calls, block], [id, limit ?? -1, reserve, windowMs, callMs])) as
        [number, number] | null;
      if (!answer) return null;
      const [waitMs, remaining] = answer;
      return { waitMs, remaining: remaining < 0 ? Number.POSITIVE_INFINITY : remaining };
    },
    async settle(id) {
      await run(SETTLE, [calls], [id, windowMs]);
    },
    async cap(limit, remaining) {
      caps += 1;
      await run(CAP, [calls], [`${capPrefix}${caps}:`, limit, remaining, windowMs]);
    },
    async block(ms) {
      await run(BLOCK, [block], [Math.max(1, Math.ceil(ms))]);
    },
  };
};
