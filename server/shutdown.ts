import type { Server } from 'node:http';
import type { Logger } from 'pino';

/**
 * Graceful shutdown on SIGTERM and SIGINT: stop accepting connections, let in-flight responses
 * finish, and exit 0. Responses still running after `timeoutMs` are cut off.
 */
export const handleShutdownSignals = ({
  server,
  timeoutMs,
  log,
  onDrain,
}: {
  server: Server;
  timeoutMs: number;
  log: Logger;
  onDrain: () => void;
}): void => {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    onDrain();
    log.info({ signal, timeoutMs }, 'shutting down: no new connections, waiting for in-flight responses');
    server.close(() => {
      log.info('all responses finished, exiting');
      process.exit(0);
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
