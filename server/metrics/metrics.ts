import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DELIVERY_OUTCOMES } from '../forms/cms-form-route.ts';

// The process's Prometheus metrics (docs/operations.md lists them with the alerts to set). One registry
// for the process: the Express middleware, the renderers (through the hooks of the render contract),
// the page cache, Redis and the rate limits report into it.

export const createMetrics = () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const seconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

  return {
    registry,
    // OpenTelemetry's `http.server.request.duration` as Prometheus names it; its `_count` is the number
    // of answers, so no counter repeats it.
    requestDuration: new Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by route (a path template, as in the spans), method and status.',
      labelNames: ['http_route', 'http_request_method', 'http_response_status_code'] as const,
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
      help: "HTTP requests to the CMS, by outcome (ok, retried, failed; refused: a 429; throttled: not sent, for the CMS's rate limit).",
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    cmsRequestDuration: new Histogram({
      name: 'cms_request_duration_seconds',
      help: 'Time of one CMS request attempt.',
      buckets: seconds,
      registers: [registry],
    }),
    cdnPurgeRequests: new Counter({
      name: 'cdn_purge_requests_total',
      help: "Requests to the CDN's purge API, by outcome (ok; retried: failed and tried again; failed: given up, the keys are logged).",
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    pageCacheLookups: new Counter({
      name: 'page_cache_lookups_total',
      help: 'Page cache lookups, by result (hit, shared_hit, stale, waited, miss).',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    pageCacheEvictions: new Counter({
      name: 'page_cache_evictions_total',
      help: 'Pages pushed out of the page cache by its memory bound.',
      registers: [registry],
    }),
    formDeliveries: new Counter({
      name: 'form_deliveries_total',
      help: "Answers of the CMS's form route to the site's posts, by outcome (delivered; refused: the report itself, 422, set aside; site_refused: 400, 401, 403, 404, 419, the site turned away; throttled: 429; failed: down, slow or broken).",
      labelNames: ['outcome'] as const,
      registers: [registry],
      // Every outcome from 0, so that increase() sees the first one.
      collect() {
        for (const outcome of DELIVERY_OUTCOMES) this.inc({ outcome }, 0);
      },
    }),
    rateLimitRejections: new Counter({
      name: 'rate_limit_rejections_total',
      help: 'Requests refused with 429, by limit.',
      labelNames: ['limit'] as const,
      registers: [registry],
    }),
    // Gauges that read state when they are scraped, made once the state exists. A gauge without labels
    // reads 0 until it is set, so one made without its state would report 0: an alert on 0 must never
    // fire for a site without Redis or without security.txt.
    /** The gauge of the CMS calls left in the rate limit's window, made at its first value (absent while unlimited). */
    cmsBudgetRemaining: (() => {
      let gauge: Gauge | undefined;
      return () =>
        (gauge ??= new Gauge({
          name: 'cms_request_budget_remaining',
          help: "CMS calls the CMS's rate limit still allows in the current window (the fleet's with Redis), as last taken.",
          registers: [registry],
        }));
    })(),
    /** Reports the page cache's size. */
    watchPageCache: (pageCache: { readonly bytes: number; readonly size: number }) => [
      new Gauge({
        name: 'page_cache_bytes',
        help: 'Bytes held by the page cache.',
        registers: [registry],
        collect() {
          this.set(pageCache.bytes);
        },
      }),
      new Gauge({
        name: 'page_cache_entries',
        help: 'Pages held by the page cache.',
        registers: [registry],
        collect() {
          this.set(pageCache.size);
        },
      }),
    ],
    /** Reports whether the shared Redis is connected. */
    watchRedis: (connected: () => boolean) =>
      new Gauge({
        name: 'redis_connected',
        help: '1 while the shared Redis is connected, 0 while not (absent without REDIS_URL).',
        registers: [registry],
        collect() {
          this.set(connected() ? 1 : 0);
        },
      }),
    /** Reports the form submissions kept for later delivery, those the CMS refused, and the oldest one's age. */
    watchFormOutbox: (size: () => { pending: number; setAside: number; oldestPendingAt: number | null } | null) => [
      new Gauge({
        name: 'form_outbox_reports',
        help: 'Reports kept for the CMS, by state (pending: to be delivered; set_aside: refused by the CMS, for a person to look at: npm run outbox).',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const known = size();
          if (!known) return;
          this.set({ state: 'pending' }, known.pending);
          this.set({ state: 'set_aside' }, known.setAside);
        },
      }),
      new Gauge({
        name: 'form_outbox_oldest_pending_seconds',
        help: 'Age of the oldest report waiting for the CMS; 0 when none waits.',
        registers: [registry],
        collect() {
          const known = size();
          if (!known) return;
          this.set(known.oldestPendingAt === null ? 0 : Math.max(0, (Date.now() - known.oldestPendingAt) / 1000));
        },
      }),
    ],
    /** Reports the expiry of /.well-known/security.txt, as a time: an alert compares it with `time()`. */
    watchSecurityTxtExpiry: (expires: Date) => {
      new Gauge({
        name: 'security_txt_expiry_timestamp_seconds',
        help: 'When /.well-known/security.txt expires, in seconds since 1970 (absent without SECURITY_CONTACT).',
        registers: [registry],
      }).set(expires.getTime() / 1000);
    },
    /** Names the release this process runs: a series of value 1 whose labels say which. */
    reportBuild: (build: { version: string; revision: string; buildId: string }) => {
      new Gauge({
        name: 'website_build_info',
        help: 'The release this process runs: its version (package.json), source revision and build id; always 1.',
        labelNames: ['version', 'revision', 'build_id'] as const,
        registers: [registry],
      }).set({ version: build.version, revision: build.revision, build_id: build.buildId }, 1);
    },
  };
};

export type Metrics = ReturnType<typeof createMetrics>;
