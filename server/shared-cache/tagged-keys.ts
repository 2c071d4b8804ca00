import type { ChainableCommander } from 'ioredis';
import type { Tag } from '../../src/cms/dependencies.ts';
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
      const wanted = prefixes(kinds);
      const keys = (await link.command.sunion(...changed.map(tagKey))).filter((key) => wanted.some((start) => key.startsWith(start)));
      if (keys.length > 0) await link.command.unlink(...keys);
      return keys.length;
    },
  };
};
