import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { redisScript } from '../shared-cache/redis-script.ts';
import type { RedisScript } from '../shared-cache/redis-script.ts';
import type { Signer } from '../shared-cache/signing.ts';
import { DELIVERED_REMEMBERED_MS, readEntry, unreadableEntry } from './outbox.ts';
import type {
  ClaimedSubmission,
  KeepResult,
  KeptSubmission,
  Outbox,
  OutboxBounds,
  SetAsideSubmission,
  SubmissionState,
} from './outbox.ts';

// The outbox in the replicas' Redis, under REDIS_KEY_PREFIX: `forms:pending` (a hash of signed
// submissions by id), `forms:due` (their next tries, a sorted set), `forms:received` (when each was
// taken, for the age of the oldest), `forms:set-aside` (refused ones, with the reason), `forms:bytes`
// (the size of both hashes, for the bound), one `forms:claim:{id}` a submission being delivered (the
// round's token) and one `forms:delivered:{id}` a delivered one, remembered for a week.
// Every change is one Lua script, so that its check and its writes are one step for Redis: a claim is
// taken with SET NX, renewed, and released or used only by the round whose token it holds
// (compare-and-delete); a claimed submission's next try moves past its claim, so that the due ones
// other replicas see are the unclaimed ones. The keys have no expiry but the markers, so Redis's
// volatile eviction leaves the outbox alone. What "kept" promises rests on Redis's persistence (the
// shipped configurations fsync every write) and, with Sentinel, on WAIT for a replica.

/** Lowers a counter, never below 0 (a counter written before the bound existed may be short). */
const SHRINK = `local function shrink(key, by)
  if redis.call('DECRBY', key, by) < 0 then redis.call('SET', key, 0) end
end
`;

const KEEP = redisScript(`
if redis.call('EXISTS', KEYS[6]) == 1 then return 'delivered' end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 or redis.call('HEXISTS', KEYS[4], ARGV[1]) == 1 then return 'kept' end
local count = redis.call('HLEN', KEYS[1]) + redis.call('HLEN', KEYS[4])
local bytes = tonumber(redis.call('GET', KEYS[5]) or '0')
if count >= tonumber(ARGV[5]) or bytes + #ARGV[2] > tonumber(ARGV[6]) then return 'full' end
if ARGV[7] == '1' then
  redis.call('HSET', KEYS[4], ARGV[1], ARGV[2])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
  redis.call('ZADD', KEYS[3], ARGV[4], ARGV[1])
end
redis.call('INCRBY', KEYS[5], #ARGV[2])
return 'kept'`);

const CLAIM = redisScript(`
local ids = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
local claimed = {}
for _, id in ipairs(ids) do
  local sealed = redis.call('HGET', KEYS[1], id)
  if not sealed then
    redis.call('ZREM', KEYS[2], id)
  elseif redis.call('SET', ARGV[5] .. id, ARGV[3], 'PX', ARGV[4], 'NX') then
    redis.call('ZADD', KEYS[2], ARGV[6], id)
    claimed[#claimed + 1] = id
    claimed[#claimed + 1] = sealed
  end
end
return claimed`);

const RENEW = redisScript(`
local lost = {}
for i = 5, #ARGV do
  local id = ARGV[i]
  if redis.call('GET', ARGV[4] .. id) == ARGV[1] then
    redis.call('PEXPIRE', ARGV[4] .. id, ARGV[2])
    redis.call('ZADD', KEYS[1], 'XX', ARGV[3], id)
  else
    lost[#lost + 1] = id
  end
end
return lost`);

// Removed by the claim's owner, or by a round whose claim ran out unclaimed by another: it did deliver.
const REMOVE = redisScript(`${SHRINK}
local holder = redis.call('GET', KEYS[5])
if holder and holder ~= ARGV[2] then return 0 end
local value = redis.call('HGET', KEYS[1], ARGV[1])
if value then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('ZREM', KEYS[3], ARGV[1])
  shrink(KEYS[4], #value)
end
redis.call('SET', KEYS[6], '1', 'PX', ARGV[3])
if holder then redis.call('DEL', KEYS[5]) end
return 1`);

const POSTPONE = redisScript(`${SHRINK}
if redis.call('GET', KEYS[4]) ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[4])
local old = redis.call('HGET', KEYS[1], ARGV[1])
if not old then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
shrink(KEYS[3], #old)
redis.call('INCRBY', KEYS[3], #ARGV[3])
return 1`);

const SET_ASIDE = redisScript(`${SHRINK}
if redis.call('GET', KEYS[6]) ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[6])
local old = redis.call('HGET', KEYS[1], ARGV[1])
if not old then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
shrink(KEYS[5], #old)
redis.call('HSET', KEYS[4], ARGV[1], ARGV[3])
redis.call('INCRBY', KEYS[5], #ARGV[3])
return 1`);

const REQUEUE = redisScript(`${SHRINK}
local old = redis.call('HGET', KEYS[4], ARGV[1])
if not old then return 0 end
redis.call('HDEL', KEYS[4], ARGV[1])
shrink(KEYS[5], #old)
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[1])
redis.call('INCRBY', KEYS[5], #ARGV[2])
return 1`);

/** Submissions signed with CACHE_SIGNING_KEY, like every entry the replicas share. */
export const openRedisOutbox = ({
  redis,
  prefix,
  signer,
  claimMs,
  bounds,
  replicated,
  waitMs,
  log,
}: {
  redis: Redis;
  prefix: string;
  signer: Signer;
  /** How long a claim holds unless renewed: how soon another replica takes over from one that died. */
  claimMs: number;
  bounds: OutboxBounds;
  /** Redis has replicas (Sentinel): a kept submission is safe once one of them has it (WAIT). */
  replicated: boolean;
  /** How long WAIT waits for a replica. */
  waitMs: number;
  log: Logger;
}): Outbox => {
  const pendingKey = `${prefix}forms:pending`;
  const dueKey = `${prefix}forms:due`;
  const receivedKey = `${prefix}forms:received`;
  const setAsideKey = `${prefix}forms:set-aside`;
  const bytesKey = `${prefix}forms:bytes`;
  const claimPrefix = `${prefix}forms:claim:`;
  const deliveredKey = (id: string) => `${prefix}forms:delivered:${id}`;
  // The signature covers the submission's id, so that an entry moved under another id is refused.
  const seal = (submission: KeptSubmission) =>
    signer.seal(`${pendingKey}:${submission.id}`, JSON.stringify(submission));
  const unseal = (id: string, sealed: string): KeptSubmission | null => {
    const text = signer.unseal(`${pendingKey}:${id}`, sealed);
    return text === null ? null : readEntry(text, id);
  };
  const script = (run: RedisScript, keys: readonly string[], args: readonly (string | number)[]) =>
    run(redis, keys, args.map(String));

  const durable = async () => {
    if (!replicated) return;
    const acknowledged = Number(await redis.call('WAIT', '1', String(waitMs)));
    if (acknowledged < 1) throw new Error(`no Redis replica acknowledged the form submission within ${waitMs} ms`);
  };

  const setAsideEntry = (submission: KeptSubmission, reason: string) =>
    JSON.stringify({ ...submission, reason } satisfies SetAsideSubmission);

  return {
    where: `Redis (${pendingKey})`,
    async keep(submission, setAsideReason) {
      const value = setAsideReason === undefined ? seal(submission) : setAsideEntry(submission, setAsideReason);
      const result = (await script(
        KEEP,
        [pendingKey, dueKey, receivedKey, setAsideKey, bytesKey, deliveredKey(submission.id)],
        [
          submission.id,
          value,
          submission.nextAttemptAt,
          Date.parse(submission.receivedAt),
          bounds.maxReports,
          bounds.maxBytes,
          setAsideReason === undefined ? '0' : '1',
        ],
      )) as KeepResult;
      if (result === 'kept') await durable();
      return result;
    },
    async stateOf(id) {
      const [delivered, pending, aside] = await Promise.all([
        redis.exists(deliveredKey(id)),
        redis.hexists(pendingKey, id),
        redis.hexists(setAsideKey, id),
      ]);
      const state: SubmissionState | null = delivered ? 'delivered' : pending ? 'pending' : aside ? 'set_aside' : null;
      return state;
    },
    async markDelivered(id) {
      await redis.set(deliveredKey(id), '1', 'PX', DELIVERED_REMEMBERED_MS);
    },
    async claimDue(now, limit) {
      const token = randomUUID();
      const found = (await script(
        CLAIM,
        [pendingKey, dueKey],
        [Number.isFinite(now) ? now : '+inf', limit, token, claimMs, claimPrefix, Date.now() + claimMs],
      )) as string[];
      const claimed: ClaimedSubmission[] = [];
      for (let at = 0; at < found.length; at += 2) {
        const id = found[at]!;
        const sealed = found[at + 1]!;
        const submission = unseal(id, sealed);
        if (submission) {
          claimed.push({ ...submission, claim: token });
          continue;
        }
        // Not written by the replicas: kept apart as found, never delivered.
        log.error({ id }, 'a kept form submission has no valid signature; it was set aside');
        await script(
          SET_ASIDE,
          [pendingKey, dueKey, receivedKey, setAsideKey, bytesKey, claimPrefix + id],
          [id, token, JSON.stringify({ id, reason: 'its signature does not hold', found: sealed })],
        );
      }
      return claimed;
    },
    async renew(claimed) {
      const [first] = claimed;
      if (!first) return [];
      return (await script(
        RENEW,
        [dueKey],
        [first.claim, claimMs, Date.now() + claimMs, claimPrefix, ...claimed.map((each) => each.id)],
      )) as string[];
    },
    async remove(claimed) {
      const done = await script(
        REMOVE,
        [pendingKey, dueKey, receivedKey, bytesKey, claimPrefix + claimed.id, deliveredKey(claimed.id)],
        [claimed.id, claimed.claim, DELIVERED_REMEMBERED_MS],
      );
      return done === 1;
    },
    async postpone(claimed) {
      const { claim, ...submission } = claimed;
      const done = await script(
        POSTPONE,
        [pendingKey, dueKey, bytesKey, claimPrefix + claimed.id],
        [claimed.id, claim, seal(submission), submission.nextAttemptAt],
      );
      return done === 1;
    },
    async setAside(claimed, reason) {
      const { claim, ...submission } = claimed;
      const done = await script(
        SET_ASIDE,
        [pendingKey, dueKey, receivedKey, setAsideKey, bytesKey, claimPrefix + claimed.id],
        [claimed.id, claim, setAsideEntry(submission, reason)],
      );
      return done === 1;
    },
    async size() {
      const [pending, setAside, oldest] = await Promise.all([
        redis.hlen(pendingKey),
        redis.hlen(setAsideKey),
        redis.zrange(receivedKey, 0, 0, 'WITHSCORES'),
      ]);
      return { pending, setAside, oldestPendingAt: pending > 0 && oldest[1] ? Number(oldest[1]) : null };
    },
    async listSetAside() {
      const entries = await redis.hgetall(setAsideKey);
      return Object.entries(entries)
        .map(([id, text]) => readEntry<SetAsideSubmission>(text, id) ?? unreadableEntry(id, text))
        .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
    },
    async requeue(ids) {
      const chosen = ids === 'all' ? await redis.hkeys(setAsideKey) : ids;
      const moved: string[] = [];
      for (const id of chosen) {
        const text = await redis.hget(setAsideKey, id);
        const found = text === null ? null : readEntry<SetAsideSubmission>(text, id);
        if (!found) continue;
        const { reason: _reason, ...submission } = found;
        const now = Date.now();
        const sealed = seal({ ...submission, nextAttemptAt: now });
        const done = await script(
          REQUEUE,
          [pendingKey, dueKey, receivedKey, setAsideKey, bytesKey],
          [id, sealed, now, Date.parse(submission.receivedAt)],
        );
        if (done === 1) moved.push(id);
      }
      return moved;
    },
  };
};
