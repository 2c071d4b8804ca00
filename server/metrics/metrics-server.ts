import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.ts';

// GET /metrics on a port of its own (METRICS_PORT), never on the public one: scrapers reach it inside
// the cluster, visitors cannot.

export const startMetricsServer = ({
  metrics,
  port,
  host,
  log,
}: {
  metrics: Metrics;
  port: number;
  host: string;
  log: Logger;
}): Server => {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('404 Not Found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('500 Internal Server Error\n');
      },
    );
  });
  server.on('error', (error) => log.error({ err: error, port }, 'the metrics server could not listen'));
  server.listen(port, host, () => {
    const address = server.address();
    log.info(
      { metricsPort: typeof address === 'object' && address ? address.port : port },
      'metrics on their own port',
    );
  });
  return server;
};
