import './heap-settings.ts';
import { createServer } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connectContent } from './content-source.ts';
import { createHealth } from './health.ts';
import { createLogger } from './logger.ts';
import { createPageCache } from './page-cache/page-cache.ts';
import { connectRegister } from './register/connect-register.ts';
import { loadRenderers, readBuild } from './render/bundles.ts';
import { warmUp } from './render/warm-up.ts';
import { createInvalidator } from './revalidation/invalidator.ts';
import { REVALIDATE_API_PATH } from './revalidation/revalidate-api.ts';
import type { Invalidator } from './revalidation/invalidator.ts';
import { connectSharedCache } from './shared-cache/connect-shared-cache.ts';
import { createContentSecurityPolicy } from './security/content-security-policy.ts';
import { createRateLimits } from './security/rate-limits.ts';
import { createMetrics } from './metrics/metrics.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { MAX_HEADER_BYTES } from './security/request-limits.ts';
import { handleShutdownSignals } from './shutdown.ts';
import { warnBeforeSecurityTxtExpires } from './security-txt.ts';
import { startTracing } from './tracing/tracing.ts';

// The server process: configuration, the built renderers, Express, and a graceful shutdown.

const root = path.resolve(import.meta.dirname, '..');
const serverBundles = path.join(root, 'dist/server');

const readConfig = () => {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
};

const config = readConfig();
// Before the logger, whose lines name the request's trace; a missing build is reported below.
const tracing = await startTracing(
  config.tracing,
  config.tracing
    ? await readBuild(serverBundles).then(
        (build) => build.buildId,
        () => 'unknown',
      )
    : '',
);
const log = createLogger(config, tracing.logFields);

const metrics = createMetrics();
const content = await connectContent(config, log);
const register = connectRegister(config, log);
const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
const shared = config.redis
  ? connectSharedCache({
      url: config.redis.url,
      prefix: config.redis.keyPrefix,
      signingKey: config.redis.signingKey,
      lockWaitMs: config.redis.lockWaitMs,
      commandTimeoutMs: config.redis.commandTimeoutMs,
      log,
    })
  : null;

if (shared && config.redis) tracing.traceRedis(shared.redis, new URL(config.redis.url).host);

// The invalidator needs the renderers, whose CMS client reports changed answers to it: bound once both exist.
let invalidator: Invalidator | null = null;
const renderers = await loadRenderers(
  serverBundles,
  {
    content: content.source,
    register,
    site: {
      publicUrl,
      analytics: config.analytics,
      previewFrameAncestors: config.previewFrameAncestors ?? [new URL(content.source.apiUrl).origin],
    },
    shared: shared?.responses ?? null,
    onContentChange: (tags) => invalidator?.answerChanged(tags),
    observe: {
      cmsCall: (kind, outcome) => metrics.cmsCalls.inc({ kind, outcome }),
      cmsRequest: (outcome, seconds, url) => {
        metrics.cmsRequests.inc({ outcome });
        metrics.cmsRequestDuration.observe(seconds);
        tracing.cmsRequest(outcome, seconds, url);
      },
    },
    inOrderWaitMs: config.htmlInOrderWaitMs,
  },
  log,
).catch((error: unknown) => {
  log.fatal({ err: error }, 'the build in dist/ could not be loaded: run `npm run build` first');
  process.exit(1);
});
const pageCache = createPageCache({
  maxBytes: config.pageCacheMb * 1024 * 1024,
  ttlMs: config.cms.cacheTtlMs,
  shared: shared?.pages ?? null,
  onEvict: () => metrics.pageCacheEvictions.inc(),
});
metrics.watchPageCache(pageCache);
if (shared) metrics.watchRedis(shared.connected);
if (config.securityTxt) {
  metrics.watchSecurityTxtExpiry(config.securityTxt.expires);
  warnBeforeSecurityTxtExpires({ expires: config.securityTxt.expires, log });
}
invalidator = createInvalidator({ rsc: renderers.rsc, pages: pageCache, bus: shared?.bus ?? null, log });
// Invalidations sent while Redis was away were missed: every page is rendered again at its next view and
// every CMS answer asked again at its next use; the pages made from one that changed go then.
shared?.onReconnect(() => {
  pageCache.expireAll();
  renderers.rsc.expireAll();
});

const health = createHealth();
const app = createApp({
  log,
  renderers,
  health,
  register,
  publicUrl,
  securityTxt: config.securityTxt,
  pageCache,
  policy: createContentSecurityPolicy({
    mediaOrigin: content.source.mediaBaseUrl.startsWith('http') ? new URL(content.source.mediaBaseUrl).origin : null,
    analyticsOrigin: config.analytics ? new URL(config.analytics.url).origin : null,
  }),
  rateLimits: createRateLimits({
    settings: config.rateLimits,
    redis: shared?.redis ?? null,
    prefix: config.redis?.keyPrefix ?? '',
    log,
    onRejected: (limit) => metrics.rateLimitRejections.inc({ limit }),
  }),
  metrics,
  traceRequests: tracing.requests,
  trustProxy: config.trustProxy,
  revalidation: config.revalidateSecret ? { secret: config.revalidateSecret, invalidator } : null,
  embeddedContentOrigin: content.embeddedOrigin,
  clientDir: path.join(root, 'dist/client'),
  publicDir: path.join(root, 'public'),
});

// A request head larger than Node's default 16 KB still reaches the app, which answers a long URL 414.
const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app).listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  // The embedded content service announces its edits to this process, as a CMS would to the site.
  if (config.revalidateSecret)
    content.useWebhook({ url: `http://127.0.0.1:${port}${REVALIDATE_API_PATH}`, secret: config.revalidateSecret });
  void warmUp(renderers, log).then(() => {
    health.markReady();
    log.info(
      { port, host: config.host, buildId: renderers.build.buildId },
      `listening on http://${config.host}:${port}`,
    );
  });
});
server.on('error', (error) => {
  log.fatal({ err: error }, 'the server could not listen');
  process.exit(1);
});

if (config.metricsPort !== 0) startMetricsServer({ metrics, port: config.metricsPort, host: config.host, log });

handleShutdownSignals({
  server,
  drainDelayMs: config.drainDelayMs,
  timeoutMs: config.shutdownTimeoutMs,
  log,
  onDrain: health.markDraining,
  beforeExit: tracing.shutdown,
});

process.on('unhandledRejection', (reason) => {
  log.error({ err: reason }, 'unhandled promise rejection');
});
