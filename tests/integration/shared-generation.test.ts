import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedPage } from '../../server/page-cache/page-cache.ts';
import { connectSharedCache } from '../../server/shared-cache/connect-shared-cache.ts';
import type { SharedCache } from '../../server/shared-cache/connect-shared-cache.ts';
import { createSharedGeneration } from '../../server/shared-cache/generation.ts';
import type { SharedGeneration } from '../../server/shared-cache/generation.ts';
import { connectRedis } from '../../server/shared-cache/redis-link.ts';
import type { RedisLink } from '../../server/shared-cache/redis-link.ts';
import { createSharedPages } from '../../server/shared-cache/shared-pages.ts';
import { createSigner } from '../../server/shared-cache/signing.ts';
import { createTaggedKeys } from '../../server/shared-cache/tagged-keys.ts';
import { startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';

// A page one replica rendered before another replica's invalidation, and finished before the message of
// it arrived, must not reach the shared level: the replica that invalidated would take it from there for
// the new content and keep it for an hour. A real redis-server on loopback; the replicas are the site's
// own shared-cache modules, one of them without the message channel (a replica the message has not
// reached yet).

const PREFIX = 'generation-test:';
const SIGNING_KEY = 'a signing key of the replicas, at least 32 characters';
const log = pino({ level: 'silent' });

let redis: RunningRedis;
let sender: SharedCache;
let listener: SharedCache;
let unheard: { link: RedisLink; generation: SharedGeneration; pages: ReturnType<typeof createSharedPages> };

const connect = () =>
  connectSharedCache({
    url: redis.url,
    sentinels: null,
    prefix: PREFIX,
    signingKey: SIGNING_KEY,
    lockWaitMs: 1000,
    commandTimeoutMs: 2000,
    log,
  });

const until = async (condition: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const page = (text: string): CachedPage => ({
  contentType: 'text/html; charset=utf-8',
  body: Buffer.from(text),
  gzip: Buffer.from('gzip'),
  br: Buffer.from('br'),
  etag: `"${text}"`,
  expiresAt: Date.now() + 60_000,
  tags: ['entry:pages:over-ons'],
  scriptHashes: [],
  routeName: 'page',
});

beforeAll(async () => {
  redis = await startRedis();
  sender = connect();
  listener = connect();
  const link = connectRedis({ url: redis.url, sentinels: null, commandTimeoutMs: 2000, log });
  const generation = createSharedGeneration(link, PREFIX, log);
  const keys = createTaggedKeys(link, PREFIX, generation);
  unheard = {
    link,
    generation,
    pages: createSharedPages({ link, keys, signer: createSigner(SIGNING_KEY), staleKeepMs: 1000, log }),
  };
  await until(() => sender.connected() && listener.connected() && unheard.generation.heard() !== null);
});

afterAll(async () => {
  await Promise.all([sender?.close(), listener?.close(), unheard?.link.close()]);
  await redis?.stop();
});

describe('the shared generation', () => {
  it('refuses a page written by a replica that has not heard of the invalidation before it', async () => {
    await unheard.pages.write('html /over-ons', page('before'));
    expect((await sender.pages.read('html /over-ons'))?.body.toString()).toBe('before');

    await sender.bus.publish({ changed: ['entry:pages:over-ons'], scope: 'all' });
    expect(await sender.pages.read('html /over-ons')).toBeNull();
    // Rendered from the content before the edit, finished after it, the message not yet there.
    await unheard.pages.write('html /over-ons', page('stale'));
    expect(await sender.pages.read('html /over-ons')).toBeNull();
  });

  it("takes a replica's pages again once the message has reached it", async () => {
    const heard = new Promise<void>((resolve) => listener.bus.onMessage(() => resolve()));
    await sender.bus.publish({ changed: ['entry:pages:contact'], scope: 'all' });
    await heard;
    await listener.pages.write('html /contact', page('after'));
    expect((await sender.pages.read('html /contact'))?.body.toString()).toBe('after');
  });

  it('takes them again after the whole cache was dropped', async () => {
    const heard = new Promise<void>((resolve) => listener.bus.onMessage(() => resolve()));
    await sender.bus.publish({ changed: 'everything', scope: 'all' });
    await heard;
    await listener.pages.write('html /de-wet', page('after everything'));
    expect((await sender.pages.read('html /de-wet'))?.body.toString()).toBe('after everything');
  });
});
