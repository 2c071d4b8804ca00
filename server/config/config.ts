import { z } from 'zod';
import type { CmsRateLimit } from '../../src/common/contract.ts';
import type { CdnSettings } from '../cdn/purge-api.ts';
import type { SecurityTxtSettings } from '../http/security-txt.ts';
import type { TracingSettings } from '../tracing/tracing.ts';

// Configuration from the environment (docs/operations.md: Configuration). Every value is checked at start; the
// problems stop the start with one line each, naming its variable, all of them at once.

const port = z.coerce
  .number({ error: 'must be a port number (0 to 65535)' })
  .int('must be a port number (0 to 65535)')
  .min(0, 'must be a port number (0 to 65535)')
  .max(65535, 'must be a port number (0 to 65535)');

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const milliseconds = z.coerce
  .number({ error: 'must be a whole number of milliseconds' })
  .int('must be a whole number of milliseconds')
  .min(0, 'must be a whole number of milliseconds');

const perMinute = z.coerce
  .number({ error: 'must be a whole number of requests per minute (0: no limit)' })
  .int('must be a whole number of requests per minute (0: no limit)')
  .min(0, 'must be a whole number of requests per minute (0: no limit)');

/** One or more contacts, separated by commas: mailto:, https: or tel: URIs, or e-mail addresses (mailto: is added). */
const contacts = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => (/^[^\s:@]+@[^\s:@]+$/.test(part) ? `mailto:${part}` : part)),
  )
  .refine(
    (list) =>
      list.length > 0 &&
      list.every((contact) => /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+|tel:\+?[0-9-]+)$/.test(contact)),
    'must be e-mail addresses, https: URLs or tel: numbers, separated by commas',
  );

/** Origins (scheme, host and port, nothing after), separated by spaces or commas. */
const origins = z
  .string()
  .transform((value) => value.split(/[\s,]+/).filter(Boolean))
  .refine(
    (list) =>
      list.length > 0 &&
      list.every((origin) => {
        try {
          const url = new URL(origin);
          return /^https?:$/.test(url.protocol) && url.origin === origin.replace(/\/$/, '');
        } catch {
          return false;
        }
      }),
    'must be origins such as https://cms.example.nl (scheme, host and port, no path), separated by spaces or commas',
  )
  .transform((list) => list.map((origin) => new URL(origin).origin));

/** Redis Sentinels as `host:port` (port 26379 when left out), separated by commas; an IPv6 address in brackets. */
const sentinelAddresses = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .transform((list, context) =>
    list.map((address) => {
      const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(address);
      const port = Number(match?.[2] ?? 26379);
      if (!match || port < 1 || port > 65535) {
        context.addIssue({
          code: 'custom',
          message: `must be sentinels as host:port, separated by commas, such as redis-sentinel-0:26379,redis-sentinel-1:26379 (${JSON.stringify(address)} is not one)`,
        });
        return z.NEVER;
      }
      return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
    }),
  )
  .refine((list) => list.length > 0, 'must name at least one sentinel as host:port');

/** A date (midnight UTC) or a date and time with its offset, as in 2027-06-30 or 2027-06-30T12:00:00+02:00. */
const dateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/,
    'must be a date (2027-06-30) or a date and time with its offset (2027-06-30T12:00:00Z)',
  )
  .refine((value) => {
    // Date's parser rolls 2027-02-30 over into March; a calendar day must exist as written.
    const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && !Number.isNaN(new Date(value).getTime());
  }, 'must be a date that exists')
  .transform((value) => new Date(value));

/** Only a URL on this machine: the purge APIs' addresses are fixed, and their tokens go nowhere else. */
const loopbackUrl = httpUrl.refine(
  (value) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(value).hostname),
  'must be on this machine (127.0.0.1, localhost or [::1]): it is for a stand-in of the purge API in tests',
);

/** An API token: secret, never echoed. */
const apiToken = z.string().regex(/^\S+$/, 'must not contain spaces');

/**
 * A list of `key=value` pairs separated by commas, with `,` and `=` percent-encoded inside them: the form
 * of OTEL_RESOURCE_ATTRIBUTES and OTEL_EXPORTER_OTLP_HEADERS, which OpenTelemetry reads itself (and would
 * drop whole, silently, when malformed).
 */
const keyValuePairs = z.string().refine(
  (value) =>
    value
      .split(',')
      .filter((pair) => pair.trim() !== '')
      .every((pair) => {
        const [key, text, ...rest] = pair.split('=');
        if (text === undefined || rest.length > 0 || !key?.trim()) return false;
        try {
          decodeURIComponent(key);
          decodeURIComponent(text);
          return true;
        } catch {
          return false;
        }
      }),
  'must be key=value pairs separated by commas (`,` and `=` in them percent-encoded)',
);

// Only JSON: the packages present serialise spans as OTLP/HTTP JSON, and a setting the site cannot honour
// stops the start rather than send something else than asked.
const OTLP_PROTOCOL_ERROR =
  'must be http/json: spans are sent as OTLP/HTTP JSON, which collectors take on the same port (4318); http/protobuf and grpc are not supported';

const OTEL_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

const environment = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  CMS_API_URL: httpUrl.optional(),
  CMS_API_KEY: z.string().min(1, 'must not be empty').optional(),
  CMS_API_KEY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name')
    .default('X-Api-Key'),
  CMS_URL: httpUrl.optional(),
  GLIDE_SIGNING_KEY: z.string().min(1, 'must not be empty').optional(),
  PREVIEW_FRAME_ANCESTORS: origins.optional(),
  PUBLIC_URL: httpUrl.optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  // Set by `npm run dev` only: pages reload when it rebuilds, and show its build errors.
  DEV_RELOAD: z.enum(['0', '1']).default('0'),
  SHUTDOWN_TIMEOUT_MS: milliseconds.default(10_000),
  DRAIN_DELAY_MS: milliseconds.default(5000),
  LOG_FLUSH_TIMEOUT_MS: milliseconds.default(2000),
  WARM_UP_LIMIT_MS: milliseconds.default(3000),
  HTML_IN_ORDER_WAIT_MS: milliseconds.default(200),
  PAGE_CACHE_MB: z.coerce
    .number({ error: 'must be a number of megabytes (0 turns the cache off)' })
    .min(0, 'must be a number of megabytes (0 turns the cache off)')
    .default(128),
  MATOMO_URL: httpUrl.optional(),
  MATOMO_SITE_ID: z.coerce
    .number({ error: 'must be a whole number from 1' })
    .int('must be a whole number from 1')
    .min(1, 'must be a whole number from 1')
    .default(1),
  CMS_TIMEOUT_MS: milliseconds.min(1, 'must be at least 1 ms').default(5000),
  CMS_CACHE_TTL_MS: milliseconds.default(3_600_000),
  CMS_MAX_REQUESTS_PER_MINUTE: perMinute.optional(),
  CMS_RATE_LIMIT_WINDOW_MS: milliseconds.min(1, 'must be at least 1 ms').default(60_000),
  CMS_RATE_LIMIT_WAIT_MS: milliseconds.default(5000),
  UPSTREAM_MAX_RESPONSE_MB: z.coerce
    .number({ error: 'must be a number of megabytes above 0' })
    .positive('must be a number of megabytes above 0')
    .default(20),
  REGISTER_API_URL: httpUrl.optional(),
  REGISTER_API_KEY: z.string().min(1, 'must not be empty').optional(),
  REGISTER_TIMEOUT_MS: milliseconds.min(1, 'must be at least 1 ms').default(5000),
  // A status shows everywhere within five minutes (docs/register-api.md): neither may be longer.
  REGISTER_PAGE_TTL_MS: milliseconds.max(300_000, 'must be at most 300000 (five minutes)').default(300_000),
  REGISTER_NOT_FOUND_TTL_MS: milliseconds.max(300_000, 'must be at most 300000 (five minutes)').default(60_000),
  CONTENT_PREVIEW_TOKEN: z.string().min(8, 'must be at least 8 characters').default('development-preview-token'),
  CONTENT_SERVICE_PORT: port.default(0),
  CONTENT_API_THROTTLE: z.coerce
    .number({ error: 'must be a whole number of API requests per window per client (0: no throttle)' })
    .int('must be a whole number of API requests per window per client (0: no throttle)')
    .min(0, 'must be a whole number of API requests per window per client (0: no throttle)')
    .default(0),
  CONTENT_API_THROTTLE_WINDOW_S: z.coerce
    .number({ error: 'must be a whole number of seconds from 1' })
    .int('must be a whole number of seconds from 1')
    .min(1, 'must be a whole number of seconds from 1')
    .default(60),
  METRICS_PORT: port.default(9464),
  TRUST_PROXY: z.coerce
    .number({ error: 'must be a whole number of proxies (0 or more)' })
    .int('must be a whole number of proxies (0 or more)')
    .min(0, 'must be a whole number of proxies (0 or more)')
    .default(0),
  RATE_LIMIT_ARCHITECTS_PER_MINUTE: perMinute.default(120),
  RATE_LIMIT_SEARCH_PER_MINUTE: perMinute.default(300),
  RATE_LIMIT_WEBHOOK_PER_MINUTE: perMinute.default(60),
  RATE_LIMIT_FORMS_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number of form posts per hour (0: no limit)' })
    .int('must be a whole number of form posts per hour (0: no limit)')
    .min(0, 'must be a whole number of form posts per hour (0: no limit)')
    .default(20),
  FORM_OUTBOX_DIR: z.string().min(1, 'must not be empty').default('var/form-outbox'),
  SHARED_ASSETS_DIR: z.string().min(1, 'must not be empty').optional(),
  FORM_RETRY_INTERVAL_MS: milliseconds.min(1, 'must be at least 1 ms').default(30_000),
  FORM_OUTBOX_CLAIM_MS: milliseconds.min(30, 'must be at least 30 ms').default(30_000),
  FORM_OUTBOX_MAX_REPORTS: z.coerce
    .number({ error: 'must be a whole number of reports (1 or more)' })
    .int('must be a whole number of reports (1 or more)')
    .min(1, 'must be a whole number of reports (1 or more)')
    .default(10_000),
  FORM_OUTBOX_MAX_BYTES: z.coerce
    .number({ error: 'must be a whole number of bytes (at least 65536)' })
    .int('must be a whole number of bytes (at least 65536)')
    .min(65_536, 'must be a whole number of bytes (at least 65536)')
    .default(64 * 1024 * 1024),
  CONTENT_ADMIN_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  REVALIDATE_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^\S+$/, 'must not contain spaces')
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  CACHE_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  REDIS_SENTINELS: sentinelAddresses.optional(),
  REDIS_SENTINEL_MASTER: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]{1,64}$/,
      'must be the name the sentinels monitor the primary under (letters, digits, . _ -)',
    )
    .optional(),
  REDIS_SENTINEL_USERNAME: z.string().min(1, 'must not be empty').optional(),
  REDIS_SENTINEL_PASSWORD: z.string().min(1, 'must not be empty').optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1 to 64 letters, digits or : . _ -')
    .default('architectenregister:'),
  REDIS_LOCK_WAIT_MS: milliseconds.default(2000),
  REDIS_COMMAND_TIMEOUT_MS: milliseconds.min(1, 'must be at least 1 ms').default(500),
  SURROGATE_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1 to 100 letters, digits or : . _ -')
    .optional(),
  CDN_PURGE: z
    .enum(['cloudflare', 'fastly'], { error: 'must be cloudflare or fastly (unset: no CDN is purged)' })
    .optional(),
  CLOUDFLARE_ZONE_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "must be the zone's id: 32 hexadecimal characters (the zone's Overview page, API section)")
    .optional(),
  CLOUDFLARE_API_TOKEN: apiToken.optional(),
  FASTLY_SERVICE_ID: z
    .string()
    .regex(
      /^[A-Za-z0-9]{1,64}$/,
      "must be the service's id: letters and digits (the service's page in Fastly's console)",
    )
    .optional(),
  FASTLY_API_TOKEN: apiToken.optional(),
  CDN_PURGE_API_URL: loopbackUrl.optional(),
  CDN_PURGE_ATTEMPTS: z.coerce
    .number({ error: 'must be a whole number from 1 to 10' })
    .int('must be a whole number from 1 to 10')
    .min(1, 'must be a whole number from 1 to 10')
    .max(10, 'must be a whole number from 1 to 10')
    .default(5),
  CDN_PURGE_RETRY_MS: milliseconds.min(1, 'must be at least 1 ms').default(1000),
  SECURITY_CONTACT: contacts.optional(),
  SECURITY_TXT_EXPIRES: dateTime.optional(),
  SECURITY_POLICY_URL: httpUrl.optional(),
  // OpenTelemetry's own variables: the exporter and the resource read them from the environment
  // themselves; here they are checked, and decide whether traces are on.
  OTEL_SDK_DISABLED: z
    .string()
    .regex(/^(true|false)$/i, 'must be true or false')
    .transform((value) => value.toLowerCase() === 'true')
    .default(false),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none'], { error: 'must be otlp or none' }).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
    .optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/json'], { error: OTLP_PROTOCOL_ERROR }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.enum(['http/json'], { error: OTLP_PROTOCOL_ERROR }).optional(),
  OTEL_EXPORTER_OTLP_HEADERS: keyValuePairs.optional(),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: keyValuePairs.optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
  OTEL_RESOURCE_ATTRIBUTES: keyValuePairs.optional(),
  OTEL_TRACES_SAMPLER: z.enum(OTEL_SAMPLERS, { error: `must be one of ${OTEL_SAMPLERS.join(', ')}` }).optional(),
  OTEL_TRACES_SAMPLER_ARG: z.string().optional(),
});

/** The names of every variable read here (the configuration table of docs/operations.md lists them all). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(environment.shape);

export interface Config {
  port: number;
  host: string;
  cms: {
    apiUrl: string | null;
    apiKey: string | null;
    apiKeyHeader: string;
    publicUrl: string | null;
    /** Per attempt. */
    timeoutMs: number;
    /** How long a CMS response is reused. */
    cacheTtlMs: number;
    /** The largest CMS answer accepted. */
    maxResponseBytes: number;
    /** The CMS's Glide key (Statamic's APP_KEY), which image URLs are signed with; null: images at their own size. */
    glideSigningKey: string | null;
    /** The calls the CMS allows (its rate limit), as the site keeps to it. */
    rateLimit: CmsRateLimit;
  };
  /** The register's API behind the architect search; without a URL, the sample CMS's beside the sample
   *  content, none beside a real CMS. */
  register: {
    apiUrl: string | null;
    apiKey: string | null;
    timeoutMs: number;
    maxResponseBytes: number;
    /** How long a registration page is kept and shared, site and CDN together. */
    pageTtlMs: number;
    /** How long a well-formed number the register does not have is known as such, fleet-wide with Redis. */
    notFoundTtlMs: number;
  };
  /** The origins that may frame previews (Statamic's control panel); null: the CMS API's origin. */
  previewFrameAncestors: string[] | null;
  /** The live-preview token the embedded content service accepts. */
  contentPreviewToken: string;
  /** The port of GET /metrics (Prometheus); 0: no metrics server. */
  metricsPort: number;
  /** How many proxies in front set X-Forwarded-For (the client address is read from it only then). */
  trustProxy: number;
  /** Requests per client and minute, form posts per client and hour (0: no limit). */
  rateLimits: { architectsPerMinute: number; searchPerMinute: number; webhookPerMinute: number; formsPerHour: number };
  /** Form submissions the CMS could not take yet: kept in Redis when configured, else in `outboxDir`, and
   *  tried again every `retryIntervalMs` (longer after each failure), each claimed by one replica for
   *  `claimMs` at a time (renewed while it is delivered); at most `maxReports` and `maxBytes` kept. */
  forms: { outboxDir: string; retryIntervalMs: number; claimMs: number; maxReports: number; maxBytes: number };
  /** A volume of every replica where the public build files of the releases accumulate (server/http/shared-assets.ts); null: none. */
  sharedAssetsDir: string | null;
  /** Where the embedded content service listens on the loopback interface (0: any free port). */
  contentServicePort: number;
  /** The embedded content service's API throttle, as Laravel's `throttle:api`; null: none. */
  contentApiThrottle: { limit: number; windowSeconds: number } | null;
  /** The key of the embedded content service's admin route (edits at run time); null: no such route. */
  contentAdminKey: string | null;
  /** The secret of POST /api/revalidate; null: no such route. */
  revalidateSecret: string | null;
  /** The level shared by the replicas; null: each process on its own. */
  redis: {
    url: string;
    /** Redis Sentinel: the sentinels and the primary's name; null: REDIS_URL's host is the one Redis. */
    sentinels: RedisSentinels | null;
    keyPrefix: string;
    signingKey: string;
    lockWaitMs: number;
    commandTimeoutMs: number;
  } | null;
  /** The CDN the webhook purges; null: none. */
  cdn: CdnSettings | null;
  /** Before every surrogate key, so that sites sharing a CDN zone or service purge only their own pages. */
  surrogateKeyPrefix: string;
  publicUrl: string | null;
  logLevel: z.infer<typeof environment>['LOG_LEVEL'];
  /** Memory bound of the rendered page cache, in bytes; 0 turns it off. */
  pageCacheBytes: number;
  /** Matomo, when its URL is set. */
  analytics: { url: string; siteId: number } | null;
  /** How long the HTML waits for a page's slower parts before streaming them after the shell. */
  htmlInOrderWaitMs: number;
  /** How long in-flight responses may take to finish after SIGTERM. */
  shutdownTimeoutMs: number;
  /** How long the server still accepts after SIGTERM while reporting not ready. */
  drainDelayMs: number;
  /** At the exit, how long the last log lines may wait for a reader that is behind. */
  logFlushTimeoutMs: number;
  /** The longest a new process waits on its warm-up before it says it is ready, whatever the CMS does. */
  warmUpLimitMs: number;
  /** What /.well-known/security.txt says; null: no such file (allowed outside production only). */
  securityTxt: SecurityTxtSettings | null;
  /** How traces are sampled (OpenTelemetry, OTLP over HTTP); null: no traces, and nothing of the SDK loaded. */
  tracing: TracingSettings | null;
  /** `npm run dev`'s browser reload (server/http/dev-reload.ts); off in production. */
  devReload: boolean;
}

/** Where the sentinels are, which primary they watch, and their own credentials. */
export interface RedisSentinels {
  addresses: Array<{ host: string; port: number }>;
  master: string;
  username: string | null;
  password: string | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Values = z.infer<typeof environment>;

/** Variables whose values are never echoed, not even when malformed: secrets, URLs that may hold a password, headers that carry a collector's key. */
const SECRET_VARIABLE = /KEY|SECRET|TOKEN|PASSWORD|REDIS_URL|HEADERS/;

/** A line for each variable the schema refuses: its first problem, with what it was set to unless it is secret. */
const variableProblems = (issues: readonly z.core.$ZodIssue[], env: NodeJS.ProcessEnv): string[] => {
  const lines = new Map<string, string>();
  for (const issue of issues) {
    const variable = String(issue.path[0] ?? 'environment');
    const got = SECRET_VARIABLE.test(variable) ? '' : ` (got ${JSON.stringify(env[variable])})`;
    if (!lines.has(variable)) lines.set(variable, `${variable} ${issue.message}${got}`);
  }
  return [...lines.values()];
};

/** Each variable that can be read on its own (by its key's schema), when others cannot: the checks between variables still run on them. */
const readableValues = (present: Record<string, string>): Partial<Values> =>
  Object.fromEntries(
    Object.entries(environment.shape).flatMap(([name, schema]) => {
      const parsed = schema.safeParse(present[name]);
      return parsed.success ? [[name, parsed.data]] : [];
    }),
  );

/** The ids and tokens each CDN_PURGE needs. */
const CDN_CREDENTIALS = {
  cloudflare: ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'],
  fastly: ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'],
} as const;

/** Traces are on with a collector's endpoint (the general one or the traces' own), unless the SDK is disabled or the traces' exporter is `none`. */
const tracesOn = (values: Partial<Values>): boolean =>
  Boolean(values.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? values.OTEL_EXPORTER_OTLP_ENDPOINT) &&
  !values.OTEL_SDK_DISABLED &&
  values.OTEL_TRACES_EXPORTER !== 'none';

/** The share of traces a ratio sampler keeps: its argument, all without one; other samplers take none. */
const samplerRatio = (values: Partial<Values>): number =>
  /traceidratio$/.test(values.OTEL_TRACES_SAMPLER ?? '') && values.OTEL_TRACES_SAMPLER_ARG !== undefined
    ? Number(values.OTEL_TRACES_SAMPLER_ARG)
    : 1;

/**
 * The checks between variables, a line for each that fails. They run on what could be read, so that one
 * start names every problem: a variable set but malformed has its own line, not "is required" besides.
 */
const combinationProblems = (
  values: Partial<Values>,
  given: (variable: keyof Values) => boolean,
  env: NodeJS.ProcessEnv,
): string[] => {
  const checks: Array<[failed: boolean, line: string]> = [
    [given('CMS_API_URL') && !given('CMS_API_KEY'), 'CMS_API_KEY is required when CMS_API_URL is set'],
    [
      given('REGISTER_API_URL') && !given('REGISTER_API_KEY'),
      'REGISTER_API_KEY is required when REGISTER_API_URL is set',
    ],
    [
      env.NODE_ENV === 'production' && !given('SECURITY_CONTACT'),
      'SECURITY_CONTACT is required when NODE_ENV=production (where to report a vulnerability, for /.well-known/security.txt; e.g. security@example.nl)',
    ],
    [
      given('REDIS_URL') && !given('CACHE_SIGNING_KEY'),
      'CACHE_SIGNING_KEY is required when REDIS_URL is set (the key the replicas sign what they share in Redis with: the same on every replica, at least 32 characters)',
    ],
    [
      given('REDIS_SENTINELS') && !given('REDIS_URL'),
      'REDIS_URL is required when REDIS_SENTINELS is set (the user, password, database and scheme of the primary; the sentinels say where it is, e.g. redis://website:…@primary/0)',
    ],
    [
      given('REDIS_SENTINELS') && !given('REDIS_SENTINEL_MASTER'),
      'REDIS_SENTINEL_MASTER is required when REDIS_SENTINELS is set (the name the sentinels monitor the primary under, as in `sentinel monitor <name> …`)',
    ],
    [
      given('REDIS_SENTINEL_MASTER') && !given('REDIS_SENTINELS'),
      'REDIS_SENTINELS is required when REDIS_SENTINEL_MASTER is set (the sentinels as host:port, separated by commas)',
    ],
    ...(['REDIS_SENTINEL_USERNAME', 'REDIS_SENTINEL_PASSWORD'] as const).map((variable): [boolean, string] => [
      given(variable) && !given('REDIS_SENTINELS'),
      `${variable} is set but REDIS_SENTINELS is not`,
    ]),
    [
      given('SECURITY_CONTACT') && !given('SECURITY_TXT_EXPIRES'),
      'SECURITY_TXT_EXPIRES is required when SECURITY_CONTACT is set (until when /.well-known/security.txt holds, less than a year ahead; e.g. 2027-06-30)',
    ],
    ...(values.CDN_PURGE ? CDN_CREDENTIALS[values.CDN_PURGE] : []).map((variable): [boolean, string] => [
      !given(variable),
      `${variable} is required when CDN_PURGE=${values.CDN_PURGE}`,
    ]),
    [
      given('CDN_PURGE') && !given('SURROGATE_KEY_PREFIX') && !given('PUBLIC_URL'),
      'SURROGATE_KEY_PREFIX or PUBLIC_URL is required when CDN_PURGE is set (the prefix of the surrogate keys, by default the public host, so that sites sharing a CDN zone purge only their own pages)',
    ],
    [
      given('CDN_PURGE') && !given('REVALIDATE_SECRET'),
      "REVALIDATE_SECRET is required when CDN_PURGE is set (the CDN is purged for the changes the CMS's webhook announces)",
    ],
    [
      tracesOn(values) && !(samplerRatio(values) >= 0 && samplerRatio(values) <= 1),
      `OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1 (the share of traces sampled) (got ${JSON.stringify(values.OTEL_TRACES_SAMPLER_ARG)})`,
    ],
  ];
  return checks.flatMap(([failed, line]) => (failed ? [line] : []));
};

/** The CDN settings CDN_PURGE names (its ids and tokens are there: combinationProblems requires them). */
const readCdnSettings = (values: Values): CdnSettings | null => {
  const retries = {
    apiUrl: values.CDN_PURGE_API_URL ?? null,
    attempts: values.CDN_PURGE_ATTEMPTS,
    retryMs: values.CDN_PURGE_RETRY_MS,
  };
  if (values.CDN_PURGE === 'cloudflare' && values.CLOUDFLARE_ZONE_ID && values.CLOUDFLARE_API_TOKEN)
    return { cdn: 'cloudflare', zoneId: values.CLOUDFLARE_ZONE_ID, token: values.CLOUDFLARE_API_TOKEN, ...retries };
  if (values.CDN_PURGE === 'fastly' && values.FASTLY_SERVICE_ID && values.FASTLY_API_TOKEN)
    return { cdn: 'fastly', serviceId: values.FASTLY_SERVICE_ID, token: values.FASTLY_API_TOKEN, ...retries };
  return null;
};

/** The default sampler is the specification's: parentbased_always_on. */
const tracingSettings = (values: Values): TracingSettings | null => {
  if (!tracesOn(values)) return null;
  const name = values.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on';
  const root = name.replace(/^parentbased_/, '') as TracingSettings['sampler']['root'];
  return { sampler: { root, parentBased: name.startsWith('parentbased_'), ratio: samplerRatio(values) } };
};

/**
 * Reads the configuration, or throws a ConfigError with a line for every problem, each naming its
 * variable: an operator fixes them all after one start, not one a start.
 */
export const loadConfig = (env: NodeJS.ProcessEnv): Config => {
  // An empty or blank variable counts as unset, as in most deployment tools: `PORT=" "` is no port 0.
  const present = Object.fromEntries(
    Object.entries(env).flatMap(([name, value]) =>
      value !== undefined && String(value).trim() !== '' ? [[name, String(value)]] : [],
    ),
  );
  const parsed = environment.safeParse(present);
  const problems = [
    ...(parsed.success ? [] : variableProblems(parsed.error.issues, env)),
    ...combinationProblems(parsed.success ? parsed.data : readableValues(present), (name) => name in present, env),
  ];
  if (!parsed.success || problems.length > 0)
    throw new ConfigError(problems.map((line) => `Invalid configuration: ${line}`).join('\n'));
  const values = parsed.data;
  const cdn = readCdnSettings(values);
  const surrogateKeyPrefix =
    values.SURROGATE_KEY_PREFIX ?? (values.PUBLIC_URL ? `${new URL(values.PUBLIC_URL).host}:` : '');
  return {
    port: values.PORT,
    host: values.HOST,
    cms: {
      apiUrl: values.CMS_API_URL ?? null,
      apiKey: values.CMS_API_KEY ?? null,
      apiKeyHeader: values.CMS_API_KEY_HEADER,
      publicUrl: values.CMS_URL ?? (values.CMS_API_URL ? new URL(values.CMS_API_URL).origin : null),
      timeoutMs: values.CMS_TIMEOUT_MS,
      cacheTtlMs: values.CMS_CACHE_TTL_MS,
      maxResponseBytes: Math.round(values.UPSTREAM_MAX_RESPONSE_MB * 1024 * 1024),
      glideSigningKey: values.GLIDE_SIGNING_KEY ?? null,
      rateLimit: {
        // Stock Statamic's (Laravel's `api` throttle) beside a real CMS; the sample CMS has none of its own.
        maxPerWindow: (values.CMS_MAX_REQUESTS_PER_MINUTE ?? (values.CMS_API_URL ? 60 : 0)) || null,
        windowMs: values.CMS_RATE_LIMIT_WINDOW_MS,
        waitLimitMs: values.CMS_RATE_LIMIT_WAIT_MS,
      },
    },
    register: {
      apiUrl: values.REGISTER_API_URL ?? null,
      apiKey: values.REGISTER_API_KEY ?? null,
      timeoutMs: values.REGISTER_TIMEOUT_MS,
      maxResponseBytes: Math.round(values.UPSTREAM_MAX_RESPONSE_MB * 1024 * 1024),
      pageTtlMs: values.REGISTER_PAGE_TTL_MS,
      notFoundTtlMs: values.REGISTER_NOT_FOUND_TTL_MS,
    },
    previewFrameAncestors: values.PREVIEW_FRAME_ANCESTORS ?? null,
    contentPreviewToken: values.CONTENT_PREVIEW_TOKEN,
    contentServicePort: values.CONTENT_SERVICE_PORT,
    contentApiThrottle: values.CONTENT_API_THROTTLE
      ? { limit: values.CONTENT_API_THROTTLE, windowSeconds: values.CONTENT_API_THROTTLE_WINDOW_S }
      : null,
    trustProxy: values.TRUST_PROXY,
    metricsPort: values.METRICS_PORT,
    rateLimits: {
      architectsPerMinute: values.RATE_LIMIT_ARCHITECTS_PER_MINUTE,
      searchPerMinute: values.RATE_LIMIT_SEARCH_PER_MINUTE,
      webhookPerMinute: values.RATE_LIMIT_WEBHOOK_PER_MINUTE,
      formsPerHour: values.RATE_LIMIT_FORMS_PER_HOUR,
    },
    forms: {
      outboxDir: values.FORM_OUTBOX_DIR,
      retryIntervalMs: values.FORM_RETRY_INTERVAL_MS,
      claimMs: values.FORM_OUTBOX_CLAIM_MS,
      maxReports: values.FORM_OUTBOX_MAX_REPORTS,
      maxBytes: values.FORM_OUTBOX_MAX_BYTES,
    },
    sharedAssetsDir: values.SHARED_ASSETS_DIR ?? null,
    contentAdminKey: values.CONTENT_ADMIN_KEY ?? null,
    revalidateSecret: values.REVALIDATE_SECRET ?? null,
    redis:
      values.REDIS_URL && values.CACHE_SIGNING_KEY
        ? {
            url: values.REDIS_URL,
            sentinels:
              values.REDIS_SENTINELS && values.REDIS_SENTINEL_MASTER
                ? {
                    addresses: values.REDIS_SENTINELS,
                    master: values.REDIS_SENTINEL_MASTER,
                    username: values.REDIS_SENTINEL_USERNAME ?? null,
                    password: values.REDIS_SENTINEL_PASSWORD ?? null,
                  }
                : null,
            keyPrefix: values.REDIS_KEY_PREFIX,
            signingKey: values.CACHE_SIGNING_KEY,
            lockWaitMs: values.REDIS_LOCK_WAIT_MS,
            commandTimeoutMs: values.REDIS_COMMAND_TIMEOUT_MS,
          }
        : null,
    cdn,
    surrogateKeyPrefix,
    publicUrl: values.PUBLIC_URL ?? null,
    logLevel: values.LOG_LEVEL,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    drainDelayMs: values.DRAIN_DELAY_MS,
    logFlushTimeoutMs: values.LOG_FLUSH_TIMEOUT_MS,
    warmUpLimitMs: values.WARM_UP_LIMIT_MS,
    htmlInOrderWaitMs: values.HTML_IN_ORDER_WAIT_MS,
    // Whole bytes: the bound may be a fraction of a megabyte.
    pageCacheBytes: Math.round(values.PAGE_CACHE_MB * 1024 * 1024),
    analytics: values.MATOMO_URL ? { url: values.MATOMO_URL, siteId: values.MATOMO_SITE_ID } : null,
    securityTxt:
      values.SECURITY_CONTACT && values.SECURITY_TXT_EXPIRES
        ? {
            contacts: values.SECURITY_CONTACT,
            expires: values.SECURITY_TXT_EXPIRES,
            policyUrl: values.SECURITY_POLICY_URL ?? null,
          }
        : null,
    tracing: tracingSettings(values),
    devReload: values.DEV_RELOAD === '1',
  };
};

/** For a process's start: the configuration, or its problems on stderr, a line each, and exit code 1. */
export const loadConfigOrExit = (env: Record<string, string | undefined>): Config => {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
};
