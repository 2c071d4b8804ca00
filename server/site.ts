import { EventEmitter, once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { DestinationStream, Logger } from 'pino';
import { createApp } from './app.ts';
import { DEV_BUILD_ERROR_FILE, createDevReload } from './http/dev-reload.ts';
import { connectCdn } from './cdn/connect-cdn.ts';
import type { Config } from './config/config.ts';
import { connectContent } from './content-source.ts';
import { createHealth } from './lifecycle/health.ts';
import type { Health } from './lifecycle/health.ts';
import { connectForms } from './forms/connect-forms.ts';
import { createLogger } from './lifecycle/logger.ts';
import { createMetrics } from './metrics/metrics.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { createPageCache } from './page-cache/page-cache.ts';
import { connectRegister } from './register/connect-register.ts';
import { rememberAbsentNumbers } from './register/absent-numbers.ts';
import { localOrigin } from './http/local-origin.ts';
import { loadRenderers, readBuild } from './render/bundles.ts';
import { warmUp } from './render/warm-up.ts';
import { createInvalidator } from './revalidation/invalidator.ts';
import { REVALIDATE_API_PATH } from './revalidation/revalidate-api.ts';
import { createSurrogateKeys } from './render/surrogate-keys.ts';
import { createContentSecurityPolicy } from './security/content-security-policy.ts';
import { createRateLimits } from './security/rate-limits.ts';
import { MAX_HEADER_BYTES } from './security/request-limits.ts';
import { warnBeforeSecurityTxtExpires } from './http/security-txt.ts';
import { publishAssetsLogged } from './http/shared-assets.ts';
import { connectSharedCache } from './shared-cache/connect-shared-cache.ts';
import { createFleetBudget } from './shared-cache/fleet-budget.ts';
import { startTracing } from './tracing/tracing.ts';

// The site's composition root: every part made from one configuration, started, and stopped again by
// close(). It owns all of its state, so that two sites can run in one process (the tests do); only the
// process (signals, exit codes, V8 flags) belongs to server/main.ts. Tracing is the exception: OpenTelemetry
// registers itself process-wide, so at most one site of a process has traces on.

/** The checkout (or the image's folder): the nearest folder above with a package.json. This module runs
 *  from server/, or compiled from dist/node/server/ (scripts/build-server.ts). */
const CHECKOUT_ROOT = ((): string => {
  let dir = path.dirname(import.meta.dirname);
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

export interface Site {
  /** Where a client on this machine reaches the site (server/http/local-origin.ts), once it is ready (warmed up). */
  readonly url: string;
  readonly server: Server;
  readonly health: Health;
  readonly log: Logger;
  /** Stops listening, ends the connections left, and stops everything the site started. */
  close(): Promise<void>;
}

export interface SiteOptions {
  /** The checkout whose build (dist/) and public files to serve. */
  root?: string;
  /** Where the JSON log lines go (stdout when absent). */
  logTo?: DestinationStream;
  /** Called once warmed up, before the site reports ready and logs `listening on` (main.ts takes charge of
   *  the process's end there: a signal sent on that line must find its handlers in place). */
  beforeReady?: (site: Site) => void;
}

/** A start that failed after its reason was logged (as `fatal`): the caller need not log it again. */
export class SiteStartError extends Error {}

/** What the site started, stopped in the reverse order by close() or by a start that fails half-way. */
const createStack = () => {
  const stops: (() => Promise<void> | void)[] = [];
  return {
    add: (stop: () => Promise<void> | void) => stops.push(stop),
    stopAll: async () => {
      for (const stop of stops.splice(0).reverse()) await stop();
    },
  };
};

const listen = (server: Server, port: number, host: string) =>
  new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });

export const createSite = async (
  config: Config,
  { root = CHECKOUT_ROOT, logTo, beforeReady }: SiteOptions = {},
): Promise<Site> => {
  const serverBundles = path.join(root, 'dist/server');
  const started = createStack();
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
  started.add(tracing.shutdown);
  const log = createLogger(config, tracing.logFields, logTo);
  const fail = async (error: unknown, message: string): Promise<never> => {
    log.fatal({ err: error }, message);
    await started.stopAll();
    throw new SiteStartError(message, { cause: error });
  };

  const metrics = createMetrics();
  const content = await connectContent(config, log).catch((error: unknown) =>
    fail(error, error instanceof Error ? error.message : 'the content source could not be connected'),
  );
  started.add(content.close);
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const shared = config.redis
    ? connectSharedCache({
        url: config.redis.url,
        sentinels: config.redis.sentinels,
        prefix: config.redis.keyPrefix,
        signingKey: config.redis.signingKey,
        lockWaitMs: config.redis.lockWaitMs,
        commandTimeoutMs: config.redis.commandTimeoutMs,
        log,
      })
    : null;
  if (shared) started.add(shared.close);
  if (shared) tracing.traceRedis(shared.redis, shared.where);
  const register = rememberAbsentNumbers(connectRegister(config, log, content.sampleRegisterApi), {
    ttlMs: config.register.notFoundTtlMs,
    redis: shared?.redis ?? null,
    connected: () => shared?.connected() ?? false,
    prefix: config.redis?.keyPrefix ?? '',
    log,
  });

  const devReload = config.devReload
    ? createDevReload({ buildErrorFile: path.join(root, DEV_BUILD_ERROR_FILE) })
    : null;
  if (devReload) started.add(devReload.close);

  // The renderers' CMS client reports the answers that changed; the invalidator, which needs the
  // renderers, listens once it exists.
  const contentChanges = new EventEmitter<{ changed: [tags: readonly string[]] }>();
  const renderers = await loadRenderers(
    serverBundles,
    {
      content: content.source,
      register,
      site: {
        publicUrl,
        analytics: config.analytics,
        previewFrameAncestors: config.previewFrameAncestors ?? [new URL(content.source.apiUrl).origin],
        devReload: config.devReload,
      },
      shared: shared?.responses ?? null,
      // The replicas reach the CMS from one address: one budget of calls for the fleet.
      fleetBudget: shared
        ? createFleetBudget({
            redis: shared.redis,
            ready: shared.connected,
            prefix: config.redis?.keyPrefix ?? '',
            windowMs: config.cms.rateLimit.windowMs,
            callMs: config.cms.timeoutMs,
          })
        : null,
      onContentChange: (tags) => contentChanges.emit('changed', tags),
      observe: {
        cmsCall: (kind, outcome) => metrics.cmsCalls.inc({ kind, outcome }),
        cmsRequest: (outcome, seconds, url) => {
          metrics.cmsRequests.inc({ outcome });
          // A call held back was never sent: it took no time and has no span.
          if (outcome === 'throttled') return;
          metrics.cmsRequestDuration.observe(seconds);
          tracing.cmsRequest(outcome, seconds, url);
        },
        cmsBudgetRemaining: (remaining) => metrics.cmsBudgetRemaining().set(remaining),
      },
      inOrderWaitMs: config.htmlInOrderWaitMs,
      sharedAssetsDir: config.sharedAssetsDir,
    },
    devReload ? devReload.reportingTo(log) : log,
  ).catch((error: unknown) => fail(error, 'the build in dist/ could not be loaded: run `npm run build` first'));
  const pageCache = createPageCache({
    maxBytes: config.pageCacheBytes,
    ttlMs: config.cms.cacheTtlMs,
    shared: shared?.pages ?? null,
    onEvict: () => metrics.pageCacheEvictions.inc(),
  });
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
  metrics.reportBuild({ version, revision: renderers.build.revision ?? '', buildId: renderers.build.buildId });
  metrics.watchPageCache(pageCache);
  if (shared) metrics.watchRedis(shared.connected);
  if (config.securityTxt) {
    metrics.watchSecurityTxtExpiry(config.securityTxt.expires);
    started.add(warnBeforeSecurityTxtExpires({ expires: config.securityTxt.expires, log }));
  }
  const invalidator = createInvalidator({ rsc: renderers.rsc, pages: pageCache, bus: shared?.bus ?? null, log });
  contentChanges.on('changed', (tags) => invalidator.answerChanged(tags));
  // Invalidations sent while Redis was away were missed: every page is rendered again at its next view and
  // every CMS answer asked again at its next use; the pages made from one that changed go then.
  shared?.onReconnect(() => {
    pageCache.expireAll();
    renderers.rsc.expireAll();
  });

  const cdn = config.cdn
    ? connectCdn(config.cdn, { log, onRequest: (outcome) => metrics.cdnPurgeRequests.inc({ outcome }) })
    : null;
  if (cdn) {
    started.add(cdn.close);
    log.info({ cdn: cdn.cdn, keyPrefix: config.surrogateKeyPrefix }, 'the webhook purges the CDN');
  }

  const forms = await connectForms({
    config,
    cms: content.source,
    redis: shared?.redis ?? null,
    log,
    onDelivery: (outcome) => metrics.formDeliveries.inc({ outcome }),
  });
  started.add(forms.stop);
  metrics.watchFormOutbox(forms.size);

  const health = createHealth();
  const app = createApp({
    log,
    renderers,
    health,
    register,
    forms,
    publicUrl,
    securityTxt: config.securityTxt,
    pageCache,
    surrogateKeys: createSurrogateKeys(config.surrogateKeyPrefix),
    policy: createContentSecurityPolicy({
      mediaOrigin: content.source.mediaBaseUrl.startsWith('http') ? new URL(content.source.mediaBaseUrl).origin : null,
      analyticsOrigin: config.analytics ? new URL(config.analytics.url).origin : null,
      libraryStyles: renderers.build.libraryStyleHashes,
    }),
    rateLimits: createRateLimits({
      settings: config.rateLimits,
      redis: shared?.redis ?? null,
      prefix: config.redis?.keyPrefix ?? '',
      log,
      onRejected: (limit) => metrics.rateLimitRejections.inc({ limit }),
    }),
    metrics,
    tracing,
    trustProxy: config.trustProxy,
    registerPageTtlMs: config.register.pageTtlMs,
    revalidation: config.revalidateSecret ? { secret: config.revalidateSecret, invalidator, cdn } : null,
    embeddedContentOrigin: content.embeddedOrigin,
    devReload: devReload?.router ?? null,
    clientDir: path.join(root, 'dist/client'),
    sharedAssetsDir: config.sharedAssetsDir,
    publicDir: path.join(root, 'public'),
  });

  if (config.metricsPort !== 0) {
    const metricsServer = startMetricsServer({ metrics, port: config.metricsPort, host: config.host, log });
    started.add(() => closeServer(metricsServer));
  }

  // Before it listens: every file a page of this replica names can then be served by the others too.
  if (config.sharedAssetsDir) await publishAssetsLogged(path.join(root, 'dist/client'), config.sharedAssetsDir, log);

  // A request head larger than Node's default 16 KB still reaches the app, which answers a long URL 414.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app);
  const address = await listen(server, config.port, config.host).catch((error: unknown) =>
    fail(error, 'the server could not listen'),
  );
  const { port } = address;
  const origin = localOrigin(address);
  started.add(() => closeServer(server));
  // The embedded content service announces its edits to this site, as a CMS would.
  if (config.revalidateSecret)
    content.useWebhook({ url: `${origin}${REVALIDATE_API_PATH}`, secret: config.revalidateSecret });
  // Replicas started together warm up within the fleet's budget of CMS calls, which lives in Redis: the
  // warm-up waits for the connection (at most its own limit), or keeps to this process's budget.
  if (shared && config.cms.rateLimit.maxPerWindow !== null && !shared.connected())
    await once(shared.redis, 'ready', { signal: AbortSignal.timeout(config.warmUpLimitMs) }).catch(() => undefined);
  await warmUp({ renderers, log, limitMs: config.warmUpLimitMs, origin });

  let closed: Promise<void> | undefined;
  const site: Site = {
    url: origin,
    server,
    health,
    log,
    close: () => (closed ??= started.stopAll()),
  };
  beforeReady?.(site);
  health.markReady();
  log.info({ port, host: config.host, buildId: renderers.build.buildId }, `listening on http://${config.host}:${port}`);
  return site;
};
