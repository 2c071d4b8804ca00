import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RedisSentinels } from '../config/config.ts';
import type { SharedResponses } from '../../src/common/contract.ts';
import type { SharedPages } from '../page-cache/page-cache.ts';
import { createSharedGeneration } from './generation.ts';
import { createInvalidationBus } from './invalidation-bus.ts';
import type { InvalidationBus } from './invalidation-bus.ts';
import { connectRedis } from './redis-link.ts';
import type { RedisLink } from './redis-link.ts';
import { createSharedPages } from './shared-pages.ts';
import { createSharedResponses } from './shared-responses.ts';
import { createSigner } from './signing.ts';
import { createTaggedKeys } from './tagged-keys.ts';

// The level the replicas share when REDIS_URL is set: CMS answers, rendered pages, and the channel their
// invalidations travel on. Without Redis, each process keeps its own caches and nothing else changes.

/** How long an entry stays in Redis after its hour, to be answered stale while it is refreshed. */
const STALE_KEEP_MS = 24 * 60 * 60 * 1000;

export interface SharedCache {
  responses: SharedResponses;
  pages: SharedPages;
  bus: InvalidationBus;
  /** The command connection, for other shared counts (rate limits). */
  redis: Redis;
  /** Which Redis, for logs and traces. */
  where: string;
  /** Connected now. */
  connected(): boolean;
  /** Called when Redis is back after an outage, during which invalidations may have been missed. */
  onReconnect(listener: () => void): void;
  close(): Promise<void>;
}

export const connectSharedCache = ({
  url,
  sentinels,
  prefix,
  signingKey,
  lockWaitMs,
  commandTimeoutMs,
  log,
}: {
  url: string;
  /** The sentinels that say which Redis is the primary; null: `url`'s. */
  sentinels: RedisSentinels | null;
  prefix: string;
  /** CACHE_SIGNING_KEY: the replicas sign what they write and check what they read. */
  signingKey: string;
  lockWaitMs: number;
  commandTimeoutMs: number;
  log: Logger;
}): SharedCache => {
  const link: RedisLink = connectRedis({ url, sentinels, commandTimeoutMs, log });
  const generation = createSharedGeneration(link, prefix, log);
  const keys = createTaggedKeys(link, prefix, generation);
  const signer = createSigner(signingKey);
  const bus = createInvalidationBus({ link, keys, generation, signer, channel: `${prefix}invalidations`, log });
  return {
    responses: createSharedResponses({
      link,
      keys,
      signer,
      lockWaitMs,
      staleKeepMs: STALE_KEEP_MS,
      invalidations: bus.seen,
      log,
    }),
    pages: createSharedPages({ link, keys, signer, staleKeepMs: STALE_KEEP_MS, log }),
    bus,
    redis: link.command,
    where: link.where,
    connected: link.ready,
    onReconnect: (listener) => link.onReconnect(listener),
    close: () => link.close(),
  };
};
