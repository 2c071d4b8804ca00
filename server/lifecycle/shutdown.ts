import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { armExitWatchdog } from './exit-watchdog.ts';
import { stdoutLogWritten } from './stdout-log.ts';

/** Beyond the shutdown's own limits, what a busy machine may add before the watchdog kills the process. */
const WATCHDOG_MARGIN_MS = 2000;

/** How long after the first signal the process is gone at the latest: what a grace period must exceed. */
export const longestShutdownMs = (limits: {
  drainDelayMs: number;
  timeoutMs: number;
  logFlushTimeoutMs: number;
}): number => limits.drainDelayMs + limits.timeoutMs + limits.logFlushTimeoutMs + WATCHDOG_MARGIN_MS;

/**
 * Ends the process with `code` once its log's lines have left it: at once when the log's reader has
 * gone (the lines left are lost), after `logFlushTimeoutMs` at most when the reader is behind.
 */
export const exitOnceLogged = async (code: number, logFlushTimeoutMs: number): Promise<never> => {
  await stdoutLogWritten(logFlushTimeoutMs);
  process.exit(code);
};

/**
 * How the process ends, each way with a `stopped` line naming the exit code:
 * - SIGTERM or SIGINT: report not ready at once and keep accepting for `drainDelayMs` (load balancers
 *   notice and stop sending), then stop accepting connections, let in-flight responses finish, run
 *   `beforeExit` (traces still buffered), and exit 0. Responses still running after `timeoutMs` are cut off.
 * - SIGTERM again: logged, the shutdown goes on (a process-group kill and a wrapper that forwards signals
 *   deliver it twice). SIGINT during the shutdown (Ctrl-C again): stop at once, exit 130.
 * - An uncaught exception, or a server that fails: logged as fatal, exit 1.
 * From the first signal on, a watchdog kills the process (SIGKILL) should it outlast all these limits
 * and the log's, whatever its main thread is stuck in.
 */
export const handleProcessEnd = ({
  server,
  drainDelayMs,
  timeoutMs,
  logFlushTimeoutMs,
  log,
  onDrain,
  beforeExit,
}: {
  server: Server;
  drainDelayMs: number;
  timeoutMs: number;
  logFlushTimeoutMs: number;
  log: Logger;
  onDrain: () => void;
  beforeExit: () => Promise<void>;
}): void => {
  let stopping = false;
  let exiting = false;
  const exit = (exitCode: number) => {
    if (exiting) return;
    exiting = true;
    log.info({ exitCode }, 'stopped');
    void exitOnceLogged(exitCode, logFlushTimeoutMs);
  };
  const fail = (error: unknown, message: string) => {
    log.fatal({ err: error }, message);
    armExitWatchdog(logFlushTimeoutMs + WATCHDOG_MARGIN_MS, log);
    exit(1);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (!stopping) return stop(signal);
    if (signal === 'SIGTERM') return log.info({ signal }, 'SIGTERM again: the shutdown goes on');
    log.warn({ signal }, 'SIGINT during the shutdown: stopping at once');
    exit(130);
  };
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    const killAfterMs = longestShutdownMs({ drainDelayMs, timeoutMs, logFlushTimeoutMs });
    armExitWatchdog(killAfterMs, log);
    onDrain();
    log.info(
      { signal, drainDelayMs, killAfterMs },
      'shutting down: not ready any more, still accepting while load balancers notice',
    );
    setTimeout(() => close(), drainDelayMs);
  };
  const close = () => {
    log.info({ timeoutMs }, 'shutting down: no new connections, waiting for in-flight responses');
    server.close(() => {
      log.info('all responses finished, exiting');
      void beforeExit()
        .catch((error: unknown) => log.warn({ err: error }, 'could not finish before exiting'))
        .finally(() => exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => {
      log.warn('shutdown timeout reached, closing the remaining connections');
      server.closeAllConnections();
      exit(0);
    }, timeoutMs).unref();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  server.on('error', (error) => fail(error, 'the server failed'));
  // Whatever state a defect nothing caught has left behind is unknown: the process ends, draining or not.
  process.on('uncaughtException', (error) => fail(error, 'uncaught exception: stopping'));
};
