import type { ChainableCommander } from 'ioredis';
import type { Tag } from '../../src/common/cms-dependencies.ts';
import type { RedisLink } from './redis-link.ts';

// Keys in Redis with the tags of what they hold: each tag is a set of the keys carrying it, so that an
// invalidation finds them without a scan. Two kinds share the index: CMS answers and rendered pages.

export type EntryKind = 'response' | 'page';

const KIND_PREFIX: Record<EntryKind, string> = { response: 'r:', page: 'p:' };

export interface TaggedKeys {
  /** The Redis key of an entry of a kind. */
  keyOf(kind: EntryKind, key: string): string;
  /** Queues, on `pipeline`, the tag index entries of a key written for `ttlMs`. */
  index(pipeline: ChainableCommander, redisKey: string, tags: readonly Tag[], ttlMs: number): void;
  /** Deletes the entries of the given kinds carrying any of the tags (or all); returns how many keys went. */
  drop(changed: readonly Tag[] | 'everything', kinds: readonly EntryKind[]): Promise<number>;
}

const SCAN_BATCH = 500;

/**
 * Finds the keys of the given tag sets (KEYS) that start with one of the prefixes (ARGV) and deletes
 * them, in one step: a read that follows on the same connection cannot see them any more.
 */
const DROP_TAGGED = `
local found = redis.call('SUNION', unpack(KEYS))
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
return #doomed
`;

export const createTaggedKeys = (link: RedisLink, prefix: string): TaggedKeys => {
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

    index(pipeline, redisKey, tags, ttlMs) {
      for (const tag of tags) pipeline.sadd(tagKey(tag), redisKey).pexpire(tagKey(tag), ttlMs);
    },

    async drop(changed, kinds) {
      if (changed === 'everything') return dropAll(kinds);
      if (changed.length === 0) return 0;
      return Number(await link.command.eval(DROP_TAGGED, changed.length, ...changed.map(tagKey), ...prefixes(kinds)));
    },
  };
};
