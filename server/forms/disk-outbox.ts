import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { DELIVERED_REMEMBERED_MS, isSubmissionId, readEntry, unreadableEntry } from './outbox.ts';
import type { ClaimedSubmission, KeptSubmission, Outbox, OutboxBounds, SetAsideSubmission } from './outbox.ts';

// The outbox in a directory (FORM_OUTBOX_DIR), for a site without Redis: one JSON file a submission in
// `pending/`, refused ones in `set-aside/`, and an empty file a delivered one in `delivered/` (removed
// after a week). Every file is written whole or not at all (a temporary file, fsync, rename, fsync of
// the directory), so a crash leaves the old state or the new one, and "kept" is answered once it is on
// disk. Claims are this process's own (one directory belongs to one process; replicas share Redis
// instead), each under its round's token and for `claimMs` unless renewed, like Redis's: a round that
// failed half-way leaves its claims to run out. `npm run outbox` works on the same directory
// while the site runs: it only moves set-aside files back, which no round touches.

const PENDING = 'pending';
const SET_ASIDE = 'set-aside';
const DELIVERED = 'delivered';
const TEMPORARY = 'tmp';
/** A temporary file older than this was left by a crash: a write takes milliseconds. */
const ABANDONED_AFTER_MS = 10 * 60_000;

const syncDirectory = async (dir: string) => {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

const writeWhole = async (root: string, dir: string, name: string, text: string) => {
  const temporary = path.join(root, TEMPORARY, `${name}.${randomBytes(6).toString('hex')}`);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path.join(root, dir, name));
  await syncDirectory(path.join(root, dir));
};

/** `mkdir -p` by hand: Node's recursive mkdir never settles below a directory that refuses new entries (/proc). */
const makeDirectory = async (dir: string): Promise<void> => {
  const make = () =>
    mkdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  try {
    await make();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(dir) === dir) throw error;
    await makeDirectory(path.dirname(dir));
    await make();
  }
};

const fileOf = (id: string) => `${id}.json`;
const idOf = (name: string) => name.slice(0, -'.json'.length);
const isSubmissionFile = (name: string) => name.endsWith('.json') && isSubmissionId(idOf(name));

const exists = (file: string) =>
  stat(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );

/** The outbox in `root`, made (and checked writable) first: rejects when it cannot be. */
export const openDiskOutbox = async (
  root: string,
  { bounds, claimMs }: { bounds: OutboxBounds; claimMs: number },
  log: Logger,
): Promise<Outbox> => {
  for (const dir of [PENDING, SET_ASIDE, DELIVERED, TEMPORARY]) await makeDirectory(path.join(root, dir));
  // Left over from a write a crash cut short: never renamed, so never part of the outbox. A recent one may
  // be another process's write in progress (a development server beside a test run), so it stays.
  for (const name of await readdir(path.join(root, TEMPORARY))) {
    const file = path.join(root, TEMPORARY, name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > ABANDONED_AFTER_MS) await unlink(file).catch(() => undefined);
  }
  const probe = `.probe-${randomBytes(6).toString('hex')}`;
  await writeWhole(root, TEMPORARY, probe, '');
  await unlink(path.join(root, TEMPORARY, probe));

  const at = (dir: string, id: string) => path.join(root, dir, fileOf(id));
  /** The token of the round that holds each claimed submission, and until when. */
  const claims = new Map<string, { token: string; until: number }>();
  /** When each pending file's report arrived, by file name: the age gauge reads no file twice. */
  const receivedAtOf = new Map<string, number>();
  const ownedBy = (claimed: ClaimedSubmission) => {
    const claim = claims.get(claimed.id);
    return claim?.token === claimed.claim && claim.until > Date.now();
  };

  /** Every file of a directory that names a submission, with its size. */
  const filesOf = async (dir: string) => {
    const names = (await readdir(path.join(root, dir))).filter(isSubmissionFile);
    const sizes = await Promise.all(
      names.map((name) =>
        stat(path.join(root, dir, name)).then(
          ({ size }) => size,
          () => 0,
        ),
      ),
    );
    return names.map((name, index) => ({ name, size: sizes[index] ?? 0 }));
  };

  // Keeps are one at a time, so that the bound is checked against what is on disk.
  let keeping: Promise<unknown> = Promise.resolve();
  const keepNow = async (submission: KeptSubmission, reason: string | undefined) => {
    if (await exists(at(DELIVERED, submission.id))) return 'delivered' as const;
    if ((await exists(at(PENDING, submission.id))) || (await exists(at(SET_ASIDE, submission.id))))
      return 'kept' as const;
    const text = JSON.stringify(reason === undefined ? submission : { ...submission, reason });
    const held = [...(await filesOf(PENDING)), ...(await filesOf(SET_ASIDE))];
    const bytes = held.reduce((sum, file) => sum + file.size, 0);
    if (held.length >= bounds.maxReports || bytes + Buffer.byteLength(text) > bounds.maxBytes) return 'full' as const;
    await writeWhole(root, reason === undefined ? PENDING : SET_ASIDE, fileOf(submission.id), text);
    return 'kept' as const;
  };

  const forgetOldDeliveries = async () => {
    for (const name of await readdir(path.join(root, DELIVERED))) {
      const file = path.join(root, DELIVERED, name);
      const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Date.now() }));
      if (Date.now() - mtimeMs > DELIVERED_REMEMBERED_MS) await unlink(file).catch(() => undefined);
    }
  };
  const markDelivered = (id: string) => writeWhole(root, DELIVERED, fileOf(id), '');

  return {
    where: `directory ${root}`,
    keep(submission, reason) {
      const result = keeping.then(() => keepNow(submission, reason));
      keeping = result.catch(() => undefined);
      return result;
    },
    async stateOf(id) {
      if (await exists(at(DELIVERED, id))) return 'delivered';
      if (await exists(at(PENDING, id))) return 'pending';
      if (await exists(at(SET_ASIDE, id))) return 'set_aside';
      return null;
    },
    markDelivered,
    async claimDue(now, limit) {
      await forgetOldDeliveries();
      const token = randomUUID();
      const due: ClaimedSubmission[] = [];
      for (const { name } of await filesOf(PENDING)) {
        if (due.length >= limit) break;
        const id = idOf(name);
        if ((claims.get(id)?.until ?? 0) > Date.now()) continue;
        const text = await readFile(path.join(root, PENDING, name), 'utf8').catch(() => null);
        if (text === null) continue;
        const submission = readEntry(text, id);
        if (!submission) {
          log.error({ file: name }, 'a kept form submission could not be read; it was set aside');
          await rename(path.join(root, PENDING, name), path.join(root, SET_ASIDE, name));
          continue;
        }
        if (submission.nextAttemptAt > now) continue;
        claims.set(id, { token, until: Date.now() + claimMs });
        due.push({ ...submission, claim: token });
      }
      return due;
    },
    async renew(claimed) {
      const lost = claimed.filter((each) => !ownedBy(each));
      for (const each of claimed)
        if (ownedBy(each)) claims.set(each.id, { token: each.claim, until: Date.now() + claimMs });
      return lost.map((each) => each.id);
    },
    async remove(claimed) {
      if (!ownedBy(claimed)) return false;
      try {
        await markDelivered(claimed.id);
        await unlink(at(PENDING, claimed.id)).catch(() => undefined);
        await syncDirectory(path.join(root, PENDING));
      } finally {
        claims.delete(claimed.id);
      }
      return true;
    },
    async postpone(claimed) {
      if (!ownedBy(claimed)) return false;
      const { claim: _claim, ...submission } = claimed;
      try {
        await writeWhole(root, PENDING, fileOf(claimed.id), JSON.stringify(submission));
      } finally {
        claims.delete(claimed.id);
      }
      return true;
    },
    async setAside(claimed, reason) {
      if (!ownedBy(claimed)) return false;
      const { claim: _claim, ...submission } = claimed;
      try {
        await writeWhole(root, SET_ASIDE, fileOf(claimed.id), JSON.stringify({ ...submission, reason }));
        await unlink(at(PENDING, claimed.id)).catch(() => undefined);
      } finally {
        claims.delete(claimed.id);
      }
      return true;
    },
    async size() {
      const [pending, aside] = await Promise.all([filesOf(PENDING), filesOf(SET_ASIDE)]);
      let oldestPendingAt: number | null = null;
      const names = new Set(pending.map(({ name }) => name));
      for (const name of receivedAtOf.keys()) if (!names.has(name)) receivedAtOf.delete(name);
      for (const name of names) {
        // A report's arrival never changes: each file is read once, in the first round that finds it.
        let receivedAt = receivedAtOf.get(name);
        if (receivedAt === undefined) {
          const text = await readFile(path.join(root, PENDING, name), 'utf8').catch(() => null);
          receivedAt = text === null ? NaN : Date.parse(readEntry(text, idOf(name))?.receivedAt ?? '');
          if (text !== null) receivedAtOf.set(name, receivedAt);
        }
        if (!Number.isNaN(receivedAt)) oldestPendingAt = Math.min(oldestPendingAt ?? receivedAt, receivedAt);
      }
      return { pending: pending.length, setAside: aside.length, oldestPendingAt };
    },
    async listSetAside() {
      const listed: SetAsideSubmission[] = [];
      for (const { name } of await filesOf(SET_ASIDE)) {
        const text = await readFile(path.join(root, SET_ASIDE, name), 'utf8').catch(() => null);
        const found = text === null ? null : readEntry<SetAsideSubmission>(text, idOf(name));
        listed.push(found ?? unreadableEntry(idOf(name), 'the file could not be read'));
      }
      return listed.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
    },
    async requeue(ids) {
      const chosen = ids === 'all' ? (await filesOf(SET_ASIDE)).map(({ name }) => idOf(name)) : ids;
      const moved: string[] = [];
      for (const id of chosen.filter(isSubmissionId)) {
        const text = await readFile(at(SET_ASIDE, id), 'utf8').catch(() => null);
        const found = text === null ? null : readEntry<SetAsideSubmission>(text, id);
        if (!found) continue;
        const { reason: _reason, ...submission } = found;
        await writeWhole(root, PENDING, fileOf(id), JSON.stringify({ ...submission, nextAttemptAt: Date.now() }));
        await unlink(at(SET_ASIDE, id));
        await syncDirectory(path.join(root, SET_ASIDE));
        moved.push(id);
      }
      return moved;
    },
  };
};
