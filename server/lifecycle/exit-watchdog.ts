import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

// The last resort of a process that is ending: a thread of its own kills it (SIGKILL) if it still runs
// `afterMs` later. A timer of the main thread could not: none fires while that thread is stuck (a write to
// a terminal that does not read, a library sleeping in Atomics.wait, an endless loop). An exit that comes
// first ends the thread with the process. As PID 1 of a PID namespace (a container without an init) the
// process cannot kill itself (the kernel ignores it): there the container runtime's SIGKILL is the last resort.

const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(process.pid, 'SIGKILL'), workerData.afterMs);
`;

let armed = false;

/** Arms the watchdog once; a later call keeps the first deadline. */
export const armExitWatchdog = (afterMs: number, log: Logger): void => {
  if (armed) return;
  armed = true;
  const report = (error: unknown) => log.warn({ err: error }, 'no exit watchdog: the process may outlast its limits');
  try {
    const watchdog = new Worker(WATCHDOG, { eval: true, workerData: { afterMs } });
    watchdog.on('error', report);
    watchdog.unref();
  } catch (error) {
    // A thread the system refuses (a container's process limit): the shutdown goes on without it.
    report(error);
  }
};
