import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { CmsRequestOutcome } from '../../src/render/contract.ts';

// What tracing offers the site, on (open-telemetry.ts) or off (tracing.ts): a file of its own, so that
// the implementation loaded on demand and the module that loads it do not import each other.

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
