import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { createSigner } from '../shared-cache/signing.ts';
import type { CmsFormRoute } from './cms-form-route.ts';
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

const openOutbox = async (
  config: Config,
  redis: Redis | null,
  timeoutMs: number,
  log: Logger,
): Promise<Outbox | null> => {
  if (redis && config.redis) {
    return openRedisOutbox({
      redis,
      prefix: config.redis.keyPrefix,
      signer: createSigner(config.redis.signingKey),
      // Longer than one delivery can take, with room to spare.
      claimMs: 3 * timeoutMs + 5000,
      log,
    });
  }
  const dir = path.resolve(config.forms.outboxDir);
  return openDiskOutbox(dir, log).catch((error: unknown) => {
    log.error(
      { err: error, dir },
      'the form outbox cannot be written: a report the CMS cannot take at once will be refused (set FORM_OUTBOX_DIR to a writable volume, or REDIS_URL)',
    );
    return null;
  });
};

export const connectForms = async ({
  config,
  cms,
  redis,
  log,
}: {
  config: Config;
  /** The content source's API URL, key and header (the embedded service's or a real CMS's). */
  cms: { apiUrl: string; apiKey: string; apiKeyHeader: string };
  /** The replicas' Redis, or null. */
  redis: Redis | null;
  log: Logger;
}): Promise<FormDelivery> => {
  const route: CmsFormRoute = {
    baseUrl: formRouteOf(cms.apiUrl),
    apiKey: cms.apiKey,
    apiKeyHeader: cms.apiKeyHeader,
    timeoutMs: config.cms.timeoutMs,
  };
  const outbox = await openOutbox(config, redis, route.timeoutMs, log);
  if (outbox) log.info({ outbox: outbox.where }, 'form submissions the CMS cannot take yet are kept in the outbox');
  return startFormDelivery({ route, outbox, retryIntervalMs: config.forms.retryIntervalMs, log });
};
