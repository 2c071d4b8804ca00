import type { Logger } from 'pino';
import { cloudflarePurgeApi } from './cloudflare.ts';
import { createCdnPurger } from './cdn-purger.ts';
import type { CdnPurger, PurgeOutcome } from './cdn-purger.ts';
import { fastlyPurgeApi } from './fastly.ts';
import type { CdnSettings } from './purge-api.ts';

/** The purger of the CDN that CDN_PURGE names. */
export const connectCdn = (
  settings: CdnSettings,
  { log, onRequest }: { log: Logger; onRequest: (outcome: PurgeOutcome) => void },
): CdnPurger =>
  createCdnPurger({
    api: settings.cdn === 'cloudflare' ? cloudflarePurgeApi(settings) : fastlyPurgeApi(settings),
    attempts: settings.attempts,
    retryMs: settings.retryMs,
    log,
    onRequest,
  });
