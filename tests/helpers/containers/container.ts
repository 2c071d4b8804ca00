import { podman, podmanStreams } from './podman.ts';

// A container of the tests: named after the test process (so that a leftover tells its origin), removed
// at the end whatever its state.

let started = 0;

export interface Container {
  name: string;
  /** What it wrote to stdout and to stderr so far. */
  output(): Promise<{ stdout: string; stderr: string }>;
  /** `podman stop` (SIGTERM, then SIGKILL after `graceSeconds`); its exit code. */
  stop(graceSeconds: number): Promise<number>;
  remove(): Promise<void>;
}

/** Starts `image` detached with the options of `podman run` (`--read-only`, `-p`, `-e`...) and its command. */
export const startContainer = async (
  image: string,
  options: readonly string[],
  command: readonly string[] = [],
): Promise<Container> => {
  started += 1;
  const name = `architectenregister-test-${process.pid}-${started}`;
  await podman(['run', '--detach', '--name', name, ...options, image, ...command]);
  // `podman logs` keeps the two streams apart.
  const output = () => podmanStreams(['logs', name]);
  return {
    name,
    output,
    stop: async (graceSeconds) => {
      await podman(['stop', '--time', String(graceSeconds), name]);
      return Number((await podman(['inspect', '--format', '{{.State.ExitCode}}', name])).trim());
    },
    remove: async () => {
      await podman(['rm', '--force', '--ignore', name]);
    },
  };
};

/** Polls `url` until it answers 200; throws with the last answer or error after `timeoutMs`. */
export const waitForOk = async (url: string, timeoutMs = 60_000): Promise<void> => {
  let last = '';
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (${last})`);
};
