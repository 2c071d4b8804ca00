import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { CmsRequestOutcome } from '../../src/common/contract.ts';

// What tracing offers the site, on (open-telemetry.ts) or off (tracing.ts): a file of its own, so that
// the implementation loaded on demand and the module that loads it do not import each other.

/**
 * What the site itself decides of OpenTelemetry's settings (server/config/config.ts); the exporter (endpoint,
 * headers, timeout, certificates) and the resource (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES) read
 * their own variables from the environment.
 */
export interface TracingSettings {
  /** OTEL_TRACES_SAMPLER and its argument: the sampler of a trace begun here, and whether a parent's decision is followed. */
  sampler: { root: 'always_on' | 'always_off' | 'traceidratio'; parentBased: boolean; ratio: number };
}

export interface Tracing {
  /** Express middleware: a server span per request, active for everything the request calls. */
  readonly requests: RequestHandler | null;
  /**
   * A fresh cache hit answered ahead of Express (server/page-cache/cache-hit-fast-path.ts): `answer` runs
   * inside the request's server span, named by the route of the kept page.
   */
  readonly cacheHit: (req: IncomingMessage, res: ServerResponse, routeName: string | null, answer: () => void) => void;
  /** The active span's ids for a log line written inside a sampled request (pino's mixin). */
  readonly logFields: (() => Record<string, string>) | null;
  /** One attempt at a CMS request, finished `seconds` ago: a client span under the request that made it. */
  readonly cmsRequest: (outcome: CmsRequestOutcome, seconds: number, url: string) => void;
  /** Every command of this client becomes a client span under the active request. */
  readonly traceRedis: (client: Redis, host: string) => void;
  /** Sends what is still buffered. */
  readonly shutdown: () => Promise<void>;
}
