import type { Tag } from '../../src/common/cms-dependencies.ts';
import type { SharedGeneration } from './generation.ts';
import type { RedisLink } from './redis-link.ts';
import { redisScript } from './redis-script.ts';

// Keys in Redis with the tags of what they hold: each tag is a set of the keys carrying it, so that an
// invalidation finds them without a scan. Two kinds share the index: CMS answers and rendered pages.

export type EntryKind = 'response' | 'page';

const KIND_PREFIX: Record<EntryKind, string> = { response: 'r:', page: 'p:' };

export interface TaggedKeys {
  /** The Redis key of an entry of a kind. */
  keyOf(kind: EntryKind, key: string): string;
  /**
   * Writes an entry (a string, or a hash of fields) for `ttlMs` with its tags, unless an invalidation
   * this replica has not heard of yet came first (generation.ts); whether it was written.
   */
  write(
    redisKey: string,
    value: Buffer | string | Record<string, Buffer | string>,
    tags: readonly Tag[],
    ttlMs: number,
  ): Promise<boolean>;
  /**
   * Deletes the entries of the given kinds carrying any of the tags (or all) and raises the shared
   * generation; returns how many keys went, and the generation.
   */
  drop(
    changed: readonly Tag[] | 'everything',
    kinds: readonly EntryKind[],
  ): Promise<{ dropped: number; generation: number }>;
}

const SCAN_BATCH = 500;

/**
 * Raises the generation (KEYS[1]), then finds the keys of the given tag sets (the other KEYS) that start
 * with one of the prefixes (ARGV) and deletes them, in one step: a read that follows on the same
 * connection cannot see them any more, and no write made before the raise can follow.
 */
const DROP_TAGGED = redisScript(`
local generation = redis.call('INCR', KEYS[1])
local found = redis.call('SUNION', unpack(KEYS, 2))
local doomed = {}
for _, key in ipairs(found) do
  for _, prefix in ipairs(ARGV) do
    if string.sub(key, 1, #prefix) == prefix then
      doomed[#doomed + 1] = key
      break
    end
  end
end
for start = 1, #doomed, 1000 do
  redis.call('UNLINK', unpack(doomed, start, math.min(start + 999, #doomed)))
end
return {#doomed, generation}
`);

/**
 * Writes KEYS[2] (a string, or a hash of the field-value pairs in ARGV[4...]) for ARGV[2] ms and adds it
 * to the tag sets (KEYS[3...]), if the generation (KEYS[1]) is ARGV[1]; 1 when written, else 0.
 */
const WRITE_IF_CURRENT = redisScript(`
if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[2])
if ARGV[3] == 'hash' then
  redis.call('HSET', KEYS[2], unpack(ARGV, 4))
else
  redis.call('SET', KEYS[2], ARGV[4])
end
redis.call('PEXPIRE', KEYS[2], ARGV[2])
for i = 3, #KEYS do
  redis.call('SADD', KEYS[i], KEYS[2])
  redis.call('PEXPIRE', KEYS[i], ARGV[2])
end
return 1
`);

export const createTaggedKeys = (link: RedisLink, prefix: string, generation: SharedGeneration): TaggedKeys => {
  const tagKey = (tag: Tag) => `${prefix}t:${tag}`;
  const prefixes = (kinds: readonly EntryKind[]) => kinds.map((kind) => prefix + KIND_PREFIX[kind]);

  const dropAll = async (kinds: readonly EntryKind[]): Promise<number> => {
    let dropped = 0;
    // The tag sets go too when nothing they list is left.
    const everyKind = kinds.length === Object.keys(KIND_PREFIX).length;
    for (const kindPrefix of [...prefixes(kinds), ...(everyKind ? [`${prefix}t:`] : [])]) {
      const stream = link.command.scanStream({ match: `${kindPrefix}*`, count: SCAN_BATCH });
      for await (const keys of stream as AsyncIterable<string[]>) {
        if (keys.length === 0) continue;
        await link.command.unlink(...keys);
        if (!kindPrefix.endsWith('t:')) dropped += keys.length;
      }
    }
    return dropped;
  };

  return {
    keyOf: (kind, key) => prefix + KIND_PREFIX[kind] + key,

    async write(redisKey, value, tags, ttlMs) {
      const heard = generation.heard();
      if (heard === null) return false;
      const shape =
        typeof value === 'string' || Buffer.isBuffer(value)
          ? ['string', value]
          : ['hash', ...Object.entries(value).flat()];
      const written = await WRITE_IF_CURRENT(
        link.command,
        [generation.key, redisKey, ...tags.map(tagKey)],
        [heard, ttlMs, ...shape],
      );
      if (written !== 1) generation.refused();
      return written === 1;
    },

    async drop(changed, kinds) {
      if (changed === 'everything') {
        // Raised first: what is written during the scan is refused.
        const raised = await link.command.incr(generation.key);
        generation.hear(raised);
        return { dropped: await dropAll(kinds), generation: raised };
      }
      if (changed.length === 0) return { dropped: 0, generation: Number(generation.heard() ?? 0) };
      const [dropped, raised] = (await DROP_TAGGED(
        link.command,
        [generation.key, ...changed.map(tagKey)],
        prefixes(kinds),
      )) as [number, number];
      generation.hear(raised);
      return { dropped, generation: raised };
    },
  };
};
