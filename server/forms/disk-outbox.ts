import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { KeptSubmission, Outbox } from './outbox.ts';

// The outbox in a directory (FORM_OUTBOX_DIR), for a site without Redis: one JSON file a submission in
// `pending/`, refused ones in `set-aside/`. Every file is written whole or not at all (a temporary file,
// fsync, rename, fsync of the directory), so a crash leaves the old state or the new one. Claims are
// this process's own: one directory belongs to one process (several replicas share Redis instead).

const PENDING = 'pending';
const SET_ASIDE = 'set-aside';
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
const isSubmissionFile = (name: string) => /^[0-9a-f-]{36}\.json$/.test(name);

const parse = (text: string): KeptSubmission | null => {
  try {
    const value = JSON.parse(text) as Partial<KeptSubmission>;
    return typeof value.id === 'string' && typeof value.form === 'string' && typeof value.data === 'object'
      ? (value as KeptSubmission)
      : null;
  } catch {
    return null;
  }
};

/** The outbox in `root`, made (and checked writable) first: rejects when it cannot be. */
export const openDiskOutbox = async (root: string, log: Logger): Promise<Outbox> => {
  for (const dir of [PENDING, SET_ASIDE, TEMPORARY]) await makeDirectory(path.join(root, dir));
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

  const claimed = new Set<string>();
  const setAside = async (submission: KeptSubmission, reason: string) => {
    await writeWhole(root, SET_ASIDE, fileOf(submission.id), JSON.stringify({ ...submission, reason }));
    await unlink(path.join(root, PENDING, fileOf(submission.id))).catch(() => undefined);
    claimed.delete(submission.id);
  };
  return {
    where: `directory ${root}`,
    put: (submission) => writeWhole(root, PENDING, fileOf(submission.id), JSON.stringify(submission)),
    async claimDue(now, limit) {
      const due: KeptSubmission[] = [];
      for (const name of (await readdir(path.join(root, PENDING))).filter(isSubmissionFile)) {
        if (due.length >= limit) break;
        const id = name.slice(0, -'.json'.length);
        if (claimed.has(id)) continue;
        const text = await readFile(path.join(root, PENDING, name), 'utf8').catch(() => null);
        if (text === null) continue;
        const submission = parse(text);
        if (!submission) {
          log.error({ file: name }, 'a kept form submission could not be read; it was set aside');
          await rename(path.join(root, PENDING, name), path.join(root, SET_ASIDE, name));
          continue;
        }
        if (submission.nextAttemptAt > now) continue;
        claimed.add(id);
        due.push(submission);
      }
      return due;
    },
    async remove(submission) {
      try {
        await unlink(path.join(root, PENDING, fileOf(submission.id)));
        await syncDirectory(path.join(root, PENDING));
      } finally {
        claimed.delete(submission.id);
      }
    },
    async postpone(submission) {
      try {
        await writeWhole(root, PENDING, fileOf(submission.id), JSON.stringify(submission));
      } finally {
        claimed.delete(submission.id);
      }
    },
    setAside,
    async size() {
      const [pending, aside] = await Promise.all([
        readdir(path.join(root, PENDING)),
        readdir(path.join(root, SET_ASIDE)),
      ]);
      return { pending: pending.filter(isSubmissionFile).length, setAside: aside.length };
    },
  };
};
