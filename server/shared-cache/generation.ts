import type { Logger } from 'pino';
import type { RedisLink } from './redis-link.ts';

// A counter in Redis that every invalidation raises, in the same step that drops the entries it makes
// out of date. A replica hears of each raise with the invalidation's message, and writes to the shared
// level only on condition that the counter is still the one it last heard of: a page or CMS answer made
// before an invalidation that has not reached this replica yet is then refused by Redis, rather than
// kept where the replica that made the invalidation would take it for the new content.

/** How long after a refused write the counter is read again, in case this replica missed a message. */
const READ_AGAIN_AFTER_REFUSAL_MS = 5000;

export interface SharedGeneration {
  /** The Redis key of the counter. */
  readonly key: string;
  /** The counter as last heard, or null before it is known (nothing is written then). */
  heard(): string | null;
  /** An invalidation raised the counter to `value` (this replica's own, or another's message). */
  hear(value: number): void;
  /** A conditional write found the counter moved on. */
  refused(): void;
}

export const createSharedGeneration = (link: RedisLink, prefix: string, log: Logger): SharedGeneration => {
  const key = `${prefix}g`;
  let heard: number | null = null;
  let readAgain: NodeJS.Timeout | undefined;

  const read = async (replace: boolean) => {
    try {
      const value = Number((await link.command.get(key)) ?? 0);
      heard = replace || heard === null ? value : Math.max(heard, value);
    } catch (error) {
      log.debug({ err: error }, 'the shared generation could not be read');
    }
  };
  // On every connection, the first and each one after an outage or a failover: what was heard before
  // may be from another primary, or messages may have been missed.
  link.command.on('ready', () => {
    heard = null;
    void read(true);
  });
  if (link.ready()) void read(true);

  return {
    key,
    heard: () => (heard === null ? null : String(heard)),
    hear(value) {
      heard = heard === null ? value : Math.max(heard, value);
    },
    refused() {
      readAgain ??= setTimeout(() => {
        readAgain = undefined;
        void read(false);
      }, READ_AGAIN_AFTER_REFUSAL_MS).unref();
    },
  };
};
