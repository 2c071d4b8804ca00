import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

// Every process the tests start (sites, redis-server) goes through here. Its output goes to a file,
// so it can never block on a pipe nobody reads, and the file is still there to read after a failure.
// A test of what the process does to its standard output's reader asks for a pipe instead: this process
// copies it to the same file for as long as the test lets it read.
// Its PID goes to a registry shared by all test workers, with the test file that started it, so that
// whatever is still alive at the end is found by PID (never by name) and named with its file.

const ROOT = path.resolve(import.meta.dirname, '../..');
export const PROCESS_DIR = path.join(ROOT, 'test-results', 'processes');
const REGISTRY = path.join(PROCESS_DIR, 'registry.jsonl');

/** Starts a new registry: what earlier runs registered is not this run's concern. */
export const resetProcessRegistry = (): void => {
  mkdirSync(PROCESS_DIR, { recursive: true });
  writeFileSync(REGISTRY, '');
};

/** Who started a process: the test file when vitest runs it, the script otherwise. */
let owner = path.relative(ROOT, process.argv[1] ?? 'unknown');
export const setProcessOwner = (testFile: string): void => {
  owner = path.relative(ROOT, testFile);
};

interface Registered {
  pid: number;
  /** What was run, to tell the process from a later one that reuses its PID. */
  command: string;
  owner: string;
  log: string;
}

export interface TrackedProcess {
  child: ChildProcess;
  /** The file its stdout and stderr go to. */
  logFile: string;
  /** Every line it has written so far, read from its log file at each access. */
  readonly logs: string[];
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Sends `signal` and waits for the exit; SIGKILL when it has not exited after `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

/** Processes of this worker still running: killed if the worker itself exits first. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

let started = 0;

export interface ProcessOptions {
  env?: NodeJS.ProcessEnv;
  name: string;
  /** `pipe`: its stdout is a pipe to this process, `child.stdout` (copied to the log file while read). */
  stdout?: 'file' | 'pipe';
}

export const startProcess = (
  command: string,
  args: readonly string[],
  { env, name, stdout = 'file' }: ProcessOptions,
): TrackedProcess => {
  mkdirSync(PROCESS_DIR, { recursive: true });
  started += 1;
  const logFile = path.join(
    PROCESS_DIR,
    `${path.basename(owner).replace(/\W+/g, '-')}-${process.pid}-${started}-${name}.log`,
  );
  const output = openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: ROOT,
    env: env ?? process.env,
    stdio: ['ignore', stdout === 'pipe' ? 'pipe' : output, output],
  });
  closeSync(output);
  child.stdout?.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
  if (child.pid === undefined) throw new Error(`${command} could not be started`);
  running.add(child);
  const entry: Registered = {
    pid: child.pid,
    command: path.basename(command),
    owner,
    log: path.relative(ROOT, logFile),
  };
  appendFileSync(REGISTRY, `${JSON.stringify(entry)}\n`);

  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );

  // The log read so far; a partial last line waits for its end.
  const lines: string[] = [];
  let offset = 0;
  let partial = '';
  const buffer = Buffer.alloc(64 * 1024);
  const readNewLines = () => {
    const file = openSync(logFile, 'r');
    try {
      for (
        let read = readSync(file, buffer, 0, buffer.length, offset);
        read > 0;
        read = readSync(file, buffer, 0, buffer.length, offset)
      ) {
        offset += read;
        const text = partial + buffer.toString('utf8', 0, read);
        const parts = text.split('\n');
        partial = parts.pop() ?? '';
        lines.push(...parts);
      }
    } finally {
      closeSync(file);
    }
    return lines;
  };

  return {
    child,
    logFile,
    get logs() {
      return readNewLines();
    },
    exited,
    stop: async (signal = 'SIGTERM', graceMs = 15_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
};

/**
 * What `read` finds in the first line of the process's output it recognises (a "listening" or "ready"
 * line), polled as the process writes. Throws with the output when the process exits first, and kills it
 * when `timeoutMs` passes first.
 */
export const waitForLine = async <T>(
  tracked: TrackedProcess,
  name: string,
  read: (line: string) => T | undefined,
  timeoutMs = 30_000,
): Promise<T> => {
  let exitCode: number | null | undefined;
  void tracked.exited.then((code) => (exitCode = code));
  for (
    const deadline = Date.now() + timeoutMs;
    Date.now() < deadline;
    await new Promise((resolve) => setTimeout(resolve, 20))
  ) {
    for (const line of tracked.logs) {
      const found = read(line);
      if (found !== undefined) return found;
    }
    if (exitCode !== undefined) throw new Error(`${name} exited with ${exitCode}:\n${tracked.logs.join('\n')}`);
  }
  await tracked.stop('SIGKILL');
  throw new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${tracked.logs.join('\n')}`);
};

/** Whether `pid` is still the process that was registered (a PID may be reused once it has ended). */
const isAlive = ({ pid, command }: Registered): boolean => {
  try {
    // redis-server rewrites its command line ("redis-server 127.0.0.1:port"): a substring test holds for both.
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // A zombie (state Z) has ended; it only waits for its parent to read its status.
    return cmdline.includes(command) && !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
};

/** The registered processes still alive, optionally only those started by `testFile`. */
export const leftoverProcesses = (testFile?: string): Registered[] => {
  if (!existsSync(REGISTRY)) return [];
  const wanted = testFile === undefined ? undefined : path.relative(ROOT, testFile);
  return readFileSync(REGISTRY, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Registered)
    .filter((entry) => (wanted === undefined || entry.owner === wanted) && isAlive(entry));
};

/** Kills the leftovers and says what they were, one line each. */
export const killLeftovers = (leftovers: readonly Registered[]): string[] =>
  leftovers.map((entry) => {
    try {
      process.kill(entry.pid, 'SIGKILL');
    } catch {
      // Ended in the meantime.
    }
    return `${entry.owner} left ${entry.command} (PID ${entry.pid}) running; its output: ${entry.log}`;
  });
