import type { Tracing, TracingSettings } from './types.ts';

// Traces are off unless a collector's endpoint is set (server/config/config.ts). Off, this module is all there
// is: no part of OpenTelemetry is imported, and every hook below is absent or does nothing, so a request
// pays for none of it. On, `open-telemetry.ts` is loaded once at start.

export type { Tracing, TracingSettings };

const OFF: Tracing = {
  requests: null,
  cacheHit: (_req, _res, _routeName, answer) => answer(),
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
