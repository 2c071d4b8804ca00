import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { createSigner } from '../shared-cache/signing.ts';
import type { CmsFormRoute, DeliveryOutcome } from './cms-form-route.ts';
import { formRouteOf } from './cms-form-route.ts';
import { openDiskOutbox } from './disk-outbox.ts';
import { startFormDelivery } from './form-delivery.ts';
import type { FormDelivery } from './form-delivery.ts';
import type { Outbox } from './outbox.ts';
import { openRedisOutbox } from './redis-outbox.ts';

// The forms' way to the CMS: Statamic's form route at the CMS API's origin, with the API key, and the
// outbox for what it cannot take yet: Redis when the replicas share one, else FORM_OUTBOX_DIR. An
// outbox directory that cannot be written is logged and leaves the site without one: it still posts
// each report at once, and answers 503 (try again) only when the CMS cannot take it.

/** The outbox the configuration names (`npm run outbox` opens the same); rejects when its directory cannot be written. */
export const openOutbox = (config: Config, redis: Redis | null, log: Logger): Promise<Outbox> => {
  const bounds = { maxReports: config.forms.maxReports, maxBytes: config.forms.maxBytes };
  if (redis && config.redis) {
    return Promise.resolve(
      openRedisOutbox({
        redis,
        prefix: config.redis.keyPrefix,
        signer: createSigner(config.redis.signingKey),
        claimMs: config.forms.claimMs,
        bounds,
        // With Sentinel there are replicas, and a failover promotes one: a report is safe once one has it.
        replicated: config.redis.sentinels !== null,
        // Within the command timeout, which would otherwise end the wait first.
        waitMs: Math.max(1, Math.floor(config.redis.commandTimeoutMs / 2)),
        log,
      }),
    );
  }
  return openDiskOutbox(path.resolve(config.forms.outboxDir), { bounds, claimMs: config.forms.claimMs }, log);
};

export const connectForms = async ({
  config,
  cms,
  redis,
  log,
  onDelivery,
}: {
  config: Config;
  /** The content source's API URL, key and header (the embedded service's or a real CMS's). */
  cms: { apiUrl: string; apiKey: string; apiKeyHeader: string };
  /** The replicas' Redis, or null. */
  redis: Redis | null;
  log: Logger;
  /** Each answer of the CMS's form route, by outcome (the metrics). */
  onDelivery: (outcome: DeliveryOutcome) => void;
}): Promise<FormDelivery> => {
  const route: CmsFormRoute = {
    baseUrl: formRouteOf(cms.apiUrl),
    apiKey: cms.apiKey,
    apiKeyHeader: cms.apiKeyHeader,
    timeoutMs: config.cms.timeoutMs,
  };
  const outbox = await openOutbox(config, redis, log).catch((error: unknown) => {
    log.error(
      { err: error, dir: path.resolve(config.forms.outboxDir) },
      'the form outbox cannot be written: a report the CMS cannot take at once will be refused (set FORM_OUTBOX_DIR to a writable volume, or REDIS_URL)',
    );
    return null;
  });
  if (outbox) log.info({ outbox: outbox.where }, 'form submissions the CMS cannot take yet are kept in the outbox');
  return startFormDelivery({
    route,
    outbox,
    retryIntervalMs: config.forms.retryIntervalMs,
    claimMs: config.forms.claimMs,
    log,
    onDelivery,
  });
};
