import type { Server } from 'node:http';
import type { Logger } from 'pino';

/**
 * Graceful shutdown on SIGTERM and SIGINT: report not ready at once and keep accepting for
 * `drainDelayMs` (load balancers notice and stop sending), then stop accepting connections, let
 * in-flight responses finish, run `beforeExit` (traces still buffered), and exit 0. Responses still
 * running after `timeoutMs` are cut off.
 */
export const handleShutdownSignals = ({
  server,
  drainDelayMs,
  timeoutMs,
  log,
  onDrain,
  beforeExit,
}: {
  server: Server;
  drainDelayMs: number;
  timeoutMs: number;
  log: Logger;
  onDrain: () => void;
  beforeExit: () => Promise<void>;
}): void => {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    onDrain();
    log.info(
      { signal, drainDelayMs },
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
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => {
      log.warn('shutdown timeout reached, closing the remaining connections');
      server.closeAllConnections();
      process.exit(0);
    }, timeoutMs).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
};
