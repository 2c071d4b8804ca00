import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { CmsRequestOutcome } from '../../src/render/contract.ts';

// Traces are off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. Off, this module is all there is: no part of
// OpenTelemetry is imported, and every hook below is absent or does nothing, so a request pays for none
// of it. On, `open-telemetry.ts` is loaded once at start.

export interface TracingSettings {
  /** The collector's OTLP/HTTP base URL; spans go to `{endpoint}/v1/traces`. */
  endpoint: string;
  serviceName: string;
}

export interface Tracing {
  /** Express middleware: a server span per request, active for everything the request calls. */
  readonly requests: RequestHandler | null;
  /** The active span's ids for a log line written inside a request (pino's mixin). */
  readonly logFields: (() => Record<string, string>) | null;
  /** One attempt at a CMS request, finished `seconds` ago: a client span under the request that made it. */
  readonly cmsRequest: (outcome: CmsRequestOutcome, seconds: number, url: string) => void;
  /** Every command of this client becomes a client span under the active request. */
  readonly traceRedis: (client: Redis, host: string) => void;
  /** Sends what is still buffered. */
  readonly shutdown: () => Promise<void>;
}

const OFF: Tracing = {
  requests: null,
  logFields: null,
  cmsRequest: () => {},
  traceRedis: () => {},
  shutdown: async () => {},
};

export const startTracing = async (settings: TracingSettings | null, serviceVersion: string): Promise<Tracing> => {
  if (!settings) return OFF;
  const { startOpenTelemetry } = await import('./open-telemetry.ts');
  return startOpenTelemetry(settings, serviceVersion);
};
