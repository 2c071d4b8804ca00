import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Tag } from '../../src/common/cms-dependencies.ts';
import type { SharedGeneration } from './generation.ts';
import type { RedisLink } from './redis-link.ts';
import type { Signer } from './signing.ts';
import type { EntryKind, TaggedKeys } from './tagged-keys.ts';

// Invalidations across the replicas: the replica that learns of a change deletes the shared entries it
// makes out of date and publishes it; every other replica drops its own copies when the message arrives.
// Published while Redis is away, an invalidation waits and is sent when it is back. Messages are signed
// like the shared entries (signing.ts): one that no replica signed drops nothing.

export interface Invalidation {
  changed: readonly Tag[] | 'everything';
  /** A content change makes CMS answers and pages out of date; a refreshed answer only the pages made from it. */
  scope: 'all' | 'pages';
}

export interface InvalidationBus {
  /** Deletes the shared entries the invalidation concerns and tells the other replicas; returns how many entries went. */
  publish(invalidation: Invalidation): Promise<number>;
  /** Called with each invalidation another replica published. */
  onMessage(handler: (invalidation: Invalidation) => void): void;
  /** How many invalidations this replica has made or received: what was fetched across one may be out of date. */
  seen(): number;
}

const KINDS: Record<Invalidation['scope'], readonly EntryKind[]> = { all: ['response', 'page'], pages: ['page'] };

const isInvalidation = (value: unknown): value is Invalidation & { from: string; generation?: unknown } => {
  if (typeof value !== 'object' || value === null) return false;
  const { from, changed, scope } = value as Record<string, unknown>;
  const tags = changed === 'everything' || (Array.isArray(changed) && changed.every((tag) => typeof tag === 'string'));
  return typeof from === 'string' && tags && (scope === 'all' || scope === 'pages');
};

export const createInvalidationBus = ({
  link,
  keys,
  generation,
  signer,
  channel,
  log,
}: {
  link: RedisLink;
  keys: TaggedKeys;
  generation: SharedGeneration;
  signer: Signer;
  channel: string;
  log: Logger;
}): InvalidationBus => {
  const replica = randomUUID();
  const waiting: Invalidation[] = [];
  let handler: (invalidation: Invalidation) => void = () => {};
  let seen = 0;

  const send = async ({ changed, scope }: Invalidation): Promise<number> => {
    const { dropped, generation: raised } = await keys.drop(changed, KINDS[scope]);
    const message = { from: replica, changed, scope, generation: raised };
    await link.command.publish(channel, signer.seal(channel, JSON.stringify(message)));
    return dropped;
  };

  link.subscribe(channel, (message) => {
    const json = signer.unseal(channel, message);
    if (json === null) {
      log.warn(
        { channel },
        'an invalidation message without a valid signature was ignored: something other than a replica published it',
      );
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      parsed = null;
    }
    if (!isInvalidation(parsed)) {
      log.warn({ channel }, 'an invalidation message in an unknown shape was ignored');
      return;
    }
    if (parsed.from === replica) return;
    seen += 1;
    // Heard before the caches drop their copies: from here on this replica's writes carry the raise.
    // (A write made before the raise that was still under way is refused by Redis: generation.ts.)
    if (typeof parsed.generation === 'number') generation.hear(parsed.generation);
    handler({ changed: parsed.changed, scope: parsed.scope });
  });

  const sendLater = (invalidation: Invalidation, error: unknown) => {
    waiting.push(invalidation);
    log.warn(
      { err: error },
      'an invalidation could not be sent to the other replicas; it is sent again on reconnection',
    );
  };
  link.onReconnect(() => {
    for (const invalidation of waiting.splice(0))
      send(invalidation).catch((error: unknown) => sendLater(invalidation, error));
  });

  return {
    async publish(invalidation) {
      seen += 1;
      try {
        if (!link.ready()) throw new Error('Redis is unavailable');
        return await send(invalidation);
      } catch (error) {
        sendLater(invalidation, error);
        return 0;
      }
    },
    onMessage: (next) => {
      handler = next;
    },
    seen: () => seen,
  };
};
