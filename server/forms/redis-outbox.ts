import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Signer } from '../shared-cache/signing.ts';
import type { KeptSubmission, Outbox } from './outbox.ts';

// The outbox in the replicas' Redis, under REDIS_KEY_PREFIX: `forms:pending` (a hash of signed
// submissions by id), `forms:due` (their next tries, a sorted set), `forms:set-aside` (refused ones) and
// one `forms:claim:{id}` a submission being delivered. A claim is taken with SET NX and lasts longer than
// a delivery may, so that two replicas never deliver the same submission at once; a replica that dies
// mid-delivery leaves a claim that runs out, and the submission is tried again. The keys have no expiry,
// so Redis's volatile eviction leaves them alone; Redis must persist them (AOF or RDB) to keep them
// across its own restarts.

/** Submissions signed with CACHE_SIGNING_KEY, like every entry the replicas share. */
export const openRedisOutbox = ({
  redis,
  prefix,
  signer,
  claimMs,
  log,
}: {
  redis: Redis;
  prefix: string;
  signer: Signer;
  /** How long a claim holds: longer than one delivery may take. */
  claimMs: number;
  log: Logger;
}): Outbox => {
  const pendingKey = `${prefix}forms:pending`;
  const dueKey = `${prefix}forms:due`;
  const setAsideKey = `${prefix}forms:set-aside`;
  const claimKey = (id: string) => `${prefix}forms:claim:${id}`;
  // The signature covers the submission's id, so that an entry moved under another id is refused.
  const seal = (submission: KeptSubmission) =>
    signer.seal(`${pendingKey}:${submission.id}`, JSON.stringify(submission));
  const owner = randomUUID();

  const run = async (commands: ReturnType<Redis['multi']>) => {
    const results = await commands.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('the Redis transaction was discarded');
  };

  const setAside = async (submission: KeptSubmission, reason: string) => {
    await run(
      redis
        .multi()
        .hset(setAsideKey, submission.id, JSON.stringify({ ...submission, reason }))
        .hdel(pendingKey, submission.id)
        .zrem(dueKey, submission.id)
        .del(claimKey(submission.id)),
    );
  };

  return {
    where: `Redis (${pendingKey})`,
    put: (submission) =>
      run(
        redis
          .multi()
          .hset(pendingKey, submission.id, seal(submission))
          .zadd(dueKey, submission.nextAttemptAt, submission.id),
      ),
    async claimDue(now, limit) {
      const ids = await redis.zrangebyscore(dueKey, 0, Number.isFinite(now) ? now : '+inf', 'LIMIT', 0, limit);
      const claimed: KeptSubmission[] = [];
      for (const id of ids) {
        if ((await redis.set(claimKey(id), owner, 'PX', claimMs, 'NX')) !== 'OK') continue;
        const sealed = await redis.hget(pendingKey, id);
        const text = sealed === null ? null : signer.unseal(`${pendingKey}:${id}`, sealed);
        const submission = text === null ? null : (JSON.parse(text) as KeptSubmission);
        if (!submission) {
          // Delivered by another replica meanwhile (gone), or not written by the replicas (signature).
          if (sealed !== null) {
            log.error({ id }, 'a kept form submission has no valid signature; it was set aside');
            await run(
              redis.multi().hset(setAsideKey, id, sealed).hdel(pendingKey, id).zrem(dueKey, id).del(claimKey(id)),
            );
          } else await run(redis.multi().zrem(dueKey, id).del(claimKey(id)));
          continue;
        }
        claimed.push(submission);
      }
      return claimed;
    },
    remove: (submission) =>
      run(redis.multi().hdel(pendingKey, submission.id).zrem(dueKey, submission.id).del(claimKey(submission.id))),
    postpone: (submission) =>
      run(
        redis
          .multi()
          .hset(pendingKey, submission.id, seal(submission))
          .zadd(dueKey, submission.nextAttemptAt, submission.id)
          .del(claimKey(submission.id)),
      ),
    setAside,
    async size() {
      const [pending, aside] = await Promise.all([redis.hlen(pendingKey), redis.hlen(setAsideKey)]);
      return { pending, setAside: aside };
    },
  };
};
