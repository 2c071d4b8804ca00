import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDiskOutbox } from '../../server/forms/disk-outbox.ts';
import type { KeptSubmission, Outbox, OutboxBounds } from '../../server/forms/outbox.ts';
import { openRedisOutbox } from '../../server/forms/redis-outbox.ts';
import { createSigner } from '../../server/shared-cache/signing.ts';
import { startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';

// The two outboxes, on a real directory and a real redis-server: a submission kept once whatever happens
// to its post, within the bounds; claims that only their round may use; a late answer that never puts
// back what was delivered; set-aside submissions listed and requeued. Then what only Redis has to hold:
// two replicas' claims on one outbox.

const log = pino({ level: 'silent' });
const BOUNDS: OutboxBounds = { maxReports: 3, maxBytes: 64 * 1024 };
const CLAIM_MS = 60_000;

const submission = (name = 'Bouwbureau Jansen'): KeptSubmission => ({
  id: randomUUID(),
  form: 'title_misuse',
  data: { subject_name: name, details: 'Noemt zich architect.' },
  receivedAt: new Date().toISOString(),
  attempts: 1,
  nextAttemptAt: 0,
});

let redis: RunningRedis;
const clients: Redis[] = [];
const dirs: string[] = [];
let prefixes = 0;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redis.stop();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A replica's connection, as the site makes it. */
const connect = () => {
  const client = new Redis(redis.url);
  clients.push(client);
  return client;
};

/** An outbox of Redis under its own prefix; `replica` opens another replica's view of the same one. */
const redisOutbox = (bounds = BOUNDS, claimMs = CLAIM_MS) => {
  const prefix = `outbox-test-${(prefixes += 1)}:`;
  const open = () =>
    openRedisOutbox({
      redis: connect(),
      prefix,
      signer: createSigner('a-signing-key-the-replicas-share-0123456789'),
      claimMs,
      bounds,
      replicated: false,
      waitMs: 100,
      log,
    });
  return { outbox: open(), replica: open, prefix };
};

const diskOutbox = async (bounds = BOUNDS, claimMs = CLAIM_MS) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'form-outbox-test-'));
  dirs.push(dir);
  return openDiskOutbox(dir, { bounds, claimMs }, log);
};

describe.each([
  ['on disk', diskOutbox],
  ['in Redis', async (bounds?: OutboxBounds, claimMs?: number) => redisOutbox(bounds, claimMs).outbox],
] as [string, (bounds?: OutboxBounds, claimMs?: number) => Promise<Outbox>][])('the outbox %s', (_where, open) => {
  it('keeps a submission once, however often it is given, and says where it is', async () => {
    const outbox = await open();
    const report = submission();
    expect(await outbox.stateOf(report.id)).toBeNull();
    expect(await outbox.keep(report)).toBe('kept');
    expect(await outbox.keep({ ...report, attempts: 5 })).toBe('kept');
    expect(await outbox.stateOf(report.id)).toBe('pending');
    expect(await outbox.size()).toMatchObject({ pending: 1, setAside: 0 });
    expect((await outbox.size()).oldestPendingAt).toBe(Date.parse(report.receivedAt));
  });

  it('refuses what is over its bounds, set-aside submissions counted too', async () => {
    const outbox = await open();
    expect(await outbox.keep(submission())).toBe('kept');
    expect(await outbox.keep(submission(), 'the CMS refused it (422)')).toBe('kept');
    expect(await outbox.keep(submission())).toBe('kept');
    expect(await outbox.keep(submission())).toBe('full');
    expect(await outbox.size()).toMatchObject({ pending: 2, setAside: 1 });

    // About 600 bytes each.
    const small = await open({ maxReports: 100, maxBytes: 1500 });
    expect(await small.keep(submission('x'.repeat(400)))).toBe('kept');
    expect(await small.keep(submission('y'.repeat(400)))).toBe('kept');
    expect(await small.keep(submission('z'.repeat(400)))).toBe('full');
  });

  it('removes a delivered submission for good: a late keep or postpone never puts it back', async () => {
    const outbox = await open();
    const report = submission();
    await outbox.keep(report);
    const [claimed] = await outbox.claimDue(Date.now(), 20);
    expect(claimed?.id).toBe(report.id);
    expect(await outbox.remove(claimed!)).toBe(true);
    expect(await outbox.stateOf(report.id)).toBe('delivered');
    expect(await outbox.postpone({ ...claimed!, attempts: 2 })).toBe(false);
    expect(await outbox.keep(report)).toBe('delivered');
    expect(await outbox.size()).toMatchObject({ pending: 0, setAside: 0, oldestPendingAt: null });
    expect(await outbox.claimDue(Number.POSITIVE_INFINITY, 20)).toEqual([]);
  });

  it('lets only the round that claimed a submission postpone it or set it aside', async () => {
    const outbox = await open();
    await outbox.keep(submission());
    const [claimed] = await outbox.claimDue(Date.now(), 20);
    // Claimed: no other round gets it.
    expect(await outbox.claimDue(Number.POSITIVE_INFINITY, 20)).toEqual([]);
    const stranger = { ...claimed!, claim: randomUUID() };
    expect(await outbox.postpone(stranger)).toBe(false);
    expect(await outbox.setAside(stranger, 'not mine')).toBe(false);
    expect(await outbox.remove(stranger)).toBe(false);
    expect(await outbox.stateOf(claimed!.id)).toBe('pending');
    expect(await outbox.renew([claimed!])).toEqual([]);
    expect(await outbox.renew([stranger])).toEqual([claimed!.id]);
    // Its owner postpones it: due again at its next try, and claimed then.
    expect(await outbox.postpone({ ...claimed!, attempts: 2, nextAttemptAt: Date.now() + 60_000 })).toBe(true);
    expect(await outbox.claimDue(Date.now(), 20)).toEqual([]);
    const [again] = await outbox.claimDue(Date.now() + 120_000, 20);
    expect(again).toMatchObject({ id: claimed!.id, attempts: 2 });
  });

  it('lets a claim run out unless renewed: another round takes the submission, the first can no longer settle it', async () => {
    const outbox = await open(BOUNDS, 100);
    await outbox.keep(submission());
    const [first] = await outbox.claimDue(Date.now(), 20);
    expect(first).toBeDefined();
    const [second] = await vi.waitFor(
      async () => {
        const again = await outbox.claimDue(Number.POSITIVE_INFINITY, 20);
        expect(again).toHaveLength(1);
        return again;
      },
      { timeout: 5000, interval: 20 },
    );
    expect(second!.claim).not.toBe(first!.claim);
    expect(await outbox.postpone({ ...first!, attempts: 2 })).toBe(false);
    expect(await outbox.remove(second!)).toBe(true);
  });

  it('lists what was set aside with its reason, and requeues it', async () => {
    const outbox = await open();
    const first = { ...submission('Eerste'), receivedAt: '2026-12-01T10:00:00.000Z' };
    const second = { ...submission('Tweede'), receivedAt: '2026-12-01T11:00:00.000Z' };
    await outbox.keep(first, 'the CMS refused it (422): {"details":["Too short."]}');
    await outbox.keep(second);
    const [claimed] = await outbox.claimDue(Date.now(), 20);
    expect(await outbox.setAside(claimed!, 'the CMS refused it (422)')).toBe(true);
    expect(await outbox.stateOf(second.id)).toBe('set_aside');
    const listed = await outbox.listSetAside();
    expect(listed.map((each) => [each.id, each.data.subject_name, each.reason])).toEqual([
      [first.id, 'Eerste', 'the CMS refused it (422): {"details":["Too short."]}'],
      [second.id, 'Tweede', 'the CMS refused it (422)'],
    ]);
    expect(await outbox.requeue([first.id, randomUUID()])).toEqual([first.id]);
    expect(await outbox.size()).toMatchObject({ pending: 1, setAside: 1 });
    expect(await outbox.requeue('all')).toEqual([second.id]);
    const due = await outbox.claimDue(Date.now(), 20);
    expect(due.map((each) => each.data.subject_name).sort()).toEqual(['Eerste', 'Tweede']);
  });
});

describe('the outbox in Redis, shared by replicas', () => {
  it('lets another replica take a claim only once it has run out unrenewed, and keeps the first from undoing it', async () => {
    const { outbox: a, replica, prefix } = redisOutbox();
    const b = replica();
    const report = submission();
    await a.keep(report);
    const [claimedByA] = await a.claimDue(Date.now(), 20);
    expect(claimedByA?.id).toBe(report.id);
    expect(await b.claimDue(Number.POSITIVE_INFINITY, 20)).toEqual([]);
    // Renewed, the claim holds its full length again.
    const admin = connect();
    await admin.pexpire(`${prefix}forms:claim:${report.id}`, 5000);
    expect(await a.renew([claimedByA!])).toEqual([]);
    expect(await admin.pttl(`${prefix}forms:claim:${report.id}`)).toBeGreaterThan(CLAIM_MS / 2);
    // A stalls past its claim (it runs out: gone, and the submission due again), and B takes it over.
    await admin.del(`${prefix}forms:claim:${report.id}`);
    const [claimedByB] = await b.claimDue(Number.POSITIVE_INFINITY, 20);
    expect(claimedByB?.id).toBe(report.id);
    expect(await a.renew([claimedByA!])).toEqual([report.id]);
    expect(await a.postpone({ ...claimedByA!, attempts: 2 })).toBe(false);
    expect(await a.remove(claimedByA!)).toBe(false);
    expect(await b.remove(claimedByB!)).toBe(true);
    // A's late answer finds it delivered: nothing comes back.
    expect(await a.postpone({ ...claimedByA!, attempts: 2 })).toBe(false);
    expect(await a.keep(report)).toBe('delivered');
    expect(await admin.hlen(`${prefix}forms:pending`)).toBe(0);
    expect(await admin.zcard(`${prefix}forms:due`)).toBe(0);
  });

  it('sets aside, never delivers, a submission no replica signed', async () => {
    const { outbox, prefix } = redisOutbox();
    const admin = connect();
    const forged = submission('Vervalst');
    await admin.hset(`${prefix}forms:pending`, forged.id, `forged.${JSON.stringify(forged)}`);
    await admin.zadd(`${prefix}forms:due`, 0, forged.id);
    expect(await outbox.claimDue(Date.now(), 20)).toEqual([]);
    expect(await outbox.size()).toMatchObject({ pending: 0, setAside: 1 });
    // Listed for a person, but not requeued: its content is nobody's.
    expect((await outbox.listSetAside())[0]).toMatchObject({ id: forged.id, form: '' });
    expect(await outbox.requeue('all')).toEqual([]);
  });
});
