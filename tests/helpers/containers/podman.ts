import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProcess } from '../processes.ts';

// Podman as the container tests run it: with the settings of containers.conf beside this file, and
// never pulling (no registry is reachable; the base images are local stand-ins, stand-in-images.ts).

export const PODMAN_PATH = process.env.PODMAN_PATH ?? '/usr/bin/podman';

/** Podman's global options: runc at RUNC_PATH when set (else the runc that containers.conf names, found by podman). */
export const PODMAN_GLOBAL_OPTIONS = process.env.RUNC_PATH ? [`--runtime=${process.env.RUNC_PATH}`] : [];

/** The environment of every podman command (podman-compose's too). */
export const podmanEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  CONTAINERS_CONF: path.join(import.meta.dirname, 'containers.conf'),
});

/** A short podman command's standard output and error output; throws with the latter when it fails. */
export const podmanStreams = (args: readonly string[]): Promise<{ stdout: string; stderr: string }> =>
  new Promise((resolve, reject) =>
    execFile(
      PODMAN_PATH,
      [...PODMAN_GLOBAL_OPTIONS, ...args],
      { env: podmanEnv(), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`podman ${args.join(' ')} failed: ${stderr || error.message}`))
          : resolve({ stdout, stderr }),
    ),
  );

export const podman = async (args: readonly string[]): Promise<string> => (await podmanStreams(args)).stdout;

/** A long command (a build, mmdebstrap, compose), its output in a log file; throws with the end of it. */
export const runLogged = async (
  command: string,
  args: readonly string[],
  name: string,
  env: NodeJS.ProcessEnv = podmanEnv(),
): Promise<void> => {
  const run = startProcess(command, args, { name, env });
  const code = await run.exited;
  if (code !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${code}:\n${run.logs.slice(-40).join('\n')}`);
};

export const imageExists = async (tag: string): Promise<boolean> =>
  podman(['image', 'exists', tag]).then(
    () => true,
    () => false,
  );

const LOCK = path.join(tmpdir(), 'architectenregister-container-images.lock');

const ownerAlive = (): boolean => {
  try {
    process.kill(Number(readFileSync(path.join(LOCK, 'pid'), 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Runs `make` while holding the machine's image lock: test files (and test runs) side by side make an
 * image once, the others wait and then find it. A lock whose process has ended is taken over.
 */
export const withImageLock = async <T>(make: () => Promise<T>): Promise<T> => {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // mkdir and the pid file are two steps: a lock without its pid file yet is not stale.
      if (existsSync(path.join(LOCK, 'pid')) && !ownerAlive()) rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
  try {
    return await make();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
};
