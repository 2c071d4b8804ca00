import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// The process's Prometheus metrics (docs/operations.md lists them with the alerts to set). One registry
// for the process: the Express middleware, the renderers (through the hooks of the render contract),
// the page cache, Redis and the rate limits report into it.

/** What the gauges read when they are scraped. */
export interface WatchedState {
  pageCache: { readonly bytes: number; readonly size: number } | null;
  /** Whether Redis is connected now; null without Redis. */
  redisConnected: (() => boolean) | null;
}

export const createMetrics = () => {
  const registry = new Registry();
  const watched: WatchedState = { pageCache: null, redisConnected: null };
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const seconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

  return {
    registry,
    requests: new Counter({ name: 'http_requests_total', help: 'Requests answered, by route name, method and status.', labelNames: ['route', 'method', 'status'] as const, registers: [registry] }),
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by route name, method and status.',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: seconds,
      registers: [registry],
    }),
    htmlFirstByte: new Histogram({
      name: 'html_time_to_first_byte_seconds',
      help: 'Time from a page request to the first byte of its HTML, by whether it came from the page cache.',
      labelNames: ['source'] as const,
      buckets: seconds,
      registers: [registry],
    }),
    cmsCalls: new Counter({
      name: 'cms_calls_total',
      help: 'CMS answers asked for by the renderers, by kind (entries, nav, globals, terms, lookup) and outcome (hit, stale, coalesced, miss, failed).',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    }),
    cmsRequests: new Counter({
      name: 'cms_requests_total',
      help: 'HTTP requests sent to the CMS, by outcome (ok, retried, failed).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    cmsRequestDuration: new Histogram({ name: 'cms_request_duration_seconds', help: 'Time of one CMS request attempt.', buckets: seconds, registers: [registry] }),
    pageCacheLookups: new Counter({ name: 'page_cache_lookups_total', help: 'Page cache lookups, by result (hit, shared_hit, stale, miss).', labelNames: ['result'] as const, registers: [registry] }),
    pageCacheEvictions: new Counter({ name: 'page_cache_evictions_total', help: 'Pages pushed out of the page cache by its memory bound.', registers: [registry] }),
    pageCacheBytes: new Gauge({
      name: 'page_cache_bytes',
      help: 'Bytes held by the page cache.',
      registers: [registry],
      collect() {
        if (watched.pageCache) this.set(watched.pageCache.bytes);
      },
    }),
    pageCacheEntries: new Gauge({
      name: 'page_cache_entries',
      help: 'Pages held by the page cache.',
      registers: [registry],
      collect() {
        if (watched.pageCache) this.set(watched.pageCache.size);
      },
    }),
    redisConnected: new Gauge({
      name: 'redis_connected',
      help: '1 while the shared Redis is connected, 0 while not (absent without REDIS_URL).',
      registers: [registry],
      collect() {
        if (watched.redisConnected) this.set(watched.redisConnected() ? 1 : 0);
      },
    }),
    rateLimitRejections: new Counter({ name: 'rate_limit_rejections_total', help: 'Requests refused with 429, by limit.', labelNames: ['limit'] as const, registers: [registry] }),
    /** Points the gauges at the state they report. */
    watch: (state: Partial<WatchedState>) => Object.assign(watched, state),
  };
};

export type Metrics = ReturnType<typeof createMetrics>;
