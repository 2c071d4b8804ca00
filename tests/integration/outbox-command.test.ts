import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDiskOutbox } from '../../server/forms/disk-outbox.ts';
import type { KeptSubmission, Outbox } from '../../server/forms/outbox.ts';
import { openRedisOutbox } from '../../server/forms/redis-outbox.ts';
import { createSigner } from '../../server/shared-cache/signing.ts';
import { startProcess } from '../helpers/processes.ts';
import { startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';
import { ROOT } from '../helpers/site.ts';

// `npm run outbox -- list|export|requeue`, run as an operator runs it, with the site's environment, on
// an outbox on disk and one in a real redis-server that the site's own code filled.

const SIGNING_KEY = 'a-signing-key-the-replicas-share-0123456789';
const PREFIX = 'outbox-command:';
const log = pino({ level: 'silent' });
const BOUNDS = { maxReports: 100, maxBytes: 1024 * 1024 };

let redis: RunningRedis;
let client: Redis;
let dir: string;

beforeAll(async () => {
  redis = await startRedis();
  client = new Redis(redis.url);
  dir = await mkdtemp(path.join(tmpdir(), 'outbox-command-'));
});
afterAll(async () => {
  client.disconnect();
  await redis.stop();
  await rm(dir, { recursive: true, force: true });
});

const report = (name: string, receivedAt: string): KeptSubmission => ({
  id: randomUUID(),
  form: 'title_misuse',
  data: { subject_name: name, reporter_email: 'melder@example.nl' },
  receivedAt,
  attempts: 1,
  nextAttemptAt: 0,
});

const outboxCommand = async (env: Record<string, string>, args: string[]) => {
  const run = startProcess(process.execPath, [path.join(ROOT, 'scripts/outbox.ts'), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    name: 'outbox',
  });
  const code = await run.exited;
  return { code, lines: run.logs.filter(Boolean) };
};

describe.each([
  ['on disk', () => ({ FORM_OUTBOX_DIR: dir }), () => openDiskOutbox(dir, { bounds: BOUNDS, claimMs: 60_000 }, log)],
  [
    'in Redis',
    () => ({ REDIS_URL: redis.url, CACHE_SIGNING_KEY: SIGNING_KEY, REDIS_KEY_PREFIX: PREFIX }),
    async () =>
      openRedisOutbox({
        redis: client,
        prefix: PREFIX,
        signer: createSigner(SIGNING_KEY),
        claimMs: 60_000,
        bounds: BOUNDS,
        replicated: false,
        waitMs: 100,
        log,
      }),
  ],
] as [string, () => Record<string, string>, () => Promise<Outbox>][])('npm run outbox %s', (_where, env, open) => {
  it('lists and exports the reports set aside, and requeues one or all of them', async () => {
    const outbox = await open();
    const first = report('Eerste', '2026-12-01T09:00:00.000Z');
    const second = report('Tweede', '2026-12-01T10:00:00.000Z');
    const third = report('Derde', '2026-12-01T11:00:00.000Z');
    await outbox.keep(first, 'the CMS refused it (422): {"details":["Too short."]}');
    await outbox.keep(second, 'the CMS refused it (422): {"location":["Invalid."]}');
    await outbox.keep(third, 'the CMS refused it (422): {}');
    await outbox.keep(report('Wachtend', '2026-12-01T12:00:00.000Z'));

    const listed = await outboxCommand(env(), ['list']);
    expect(listed.code).toBe(0);
    expect(listed.lines[0]).toBe(
      `${first.id}  2026-12-01T09:00:00.000Z  title_misuse  the CMS refused it (422): {"details":["Too short."]}`,
    );
    expect(listed.lines.at(-1)).toMatch(/^3 set aside, 1 pending, in /);
    // The list names no reporter; the export has the reports whole.
    expect(listed.lines.join('\n')).not.toContain('melder@example.nl');

    const exported = await outboxCommand(env(), ['export']);
    expect(exported.code).toBe(0);
    expect(exported.lines.map((line) => JSON.parse(line) as unknown)).toEqual(
      [first, second, third].map((each) => expect.objectContaining({ id: each.id, data: each.data })),
    );

    const one = await outboxCommand(env(), ['requeue', second.id]);
    expect(one.code).toBe(0);
    expect(one.lines).toContain(`requeued ${second.id}`);
    expect(await outbox.stateOf(second.id)).toBe('pending');

    const unknown = await outboxCommand(env(), ['requeue', second.id]);
    expect(unknown.code).toBe(1);
    expect(unknown.lines.join('\n')).toContain(`not set aside (or not a report that can be sent again): ${second.id}`);

    const all = await outboxCommand(env(), ['requeue', '--all']);
    expect(all.code).toBe(0);
    expect(all.lines.at(-1)).toBe('2 requeued, to be delivered at the next round');
    expect(await outbox.size()).toMatchObject({ pending: 4, setAside: 0 });
    // Due at once, in the form the site delivers.
    const due = await outbox.claimDue(Date.now(), 20);
    expect(due.map((each) => each.data.subject_name).sort()).toEqual(['Derde', 'Eerste', 'Tweede', 'Wachtend']);
    // Five runs of a Node process, each loading the server's configuration and outbox.
  }, 120_000);

  it('says how it is used', async () => {
    const { code, lines } = await outboxCommand(env(), ['drop']);
    expect(code).toBe(2);
    expect(lines.join('\n')).toContain('usage: npm run outbox -- list | export | requeue <id>… | requeue --all');
  });
});
