import type { AddressInfo } from 'node:net';
import { DEFAULT_ALLOWED_FILTERS } from './allowed-filters.ts';
import type { AllowedFilters } from './allowed-filters.ts';
import { createLivePreviews } from './content/live-previews.ts';
import { buildContentStore } from './content/store.ts';
import type { Webhook } from './webhook.ts';
import { createFormSubmissions } from './http/forms.ts';
import { REGISTER_API_PATH } from './http/register-api.ts';
import { createContentServer } from './http/server.ts';
import { createThrottle } from './http/throttle.ts';
import type { ThrottleSettings } from './http/throttle.ts';
import { createSampleRegister } from './register/search.ts';
import { startEntrySchedule } from './schedule.ts';

// The embedded, Statamic-compatible content service: sample content for the Architectenregister in Dutch
// and English behind Statamic's REST API, plus its asset files and Glide image route, and the sample
// register behind the register's API.

export interface ContentServiceOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** The secret every `/api` request must carry. */
  apiKey: string;
  /** The header carrying the key (case-insensitive). Default `X-Api-Key`. */
  apiKeyHeader?: string;
  /** Statamic's live-preview token: `?token=` with this value shows drafts on the entry show endpoint. */
  previewToken: string;
  /** Base of permalinks, `api_url`s and absolute asset URLs. Default: the URL the service listens on. */
  publicUrl?: string;
  /** Which filters each collection and taxonomy accepts. Default: DEFAULT_ALLOWED_FILTERS. */
  allowedFilters?: AllowedFilters;
  /** The clock for date privacy (scheduled entries) and the API throttle's windows. Default: the system clock. */
  now?: () => Date;
  /** The key of the edit route `POST /admin/entries/{id}`; unset: no such route. */
  adminKey?: string;
  /** The site's revalidation webhook, called after each edit and when a scheduled entry's date comes
   *  (also settable later with `useWebhook`). */
  webhook?: Webhook;
  /** How often scheduled entries are looked for (Statamic's scheduler: every minute). Default 60 s. */
  scheduleCheckMs?: number;
  /** The key (`Authorization: Bearer …`) of the register's API under `/register`; unset: no such API. */
  registerApiKey?: string;
  /** Laravel's `throttle:api` on `/api` (the Laravel 10 skeleton's: 60 a minute per client address); unset: none. */
  apiThrottle?: ThrottleSettings;
  /** Statamic's `image_manipulation.secure`: Glide URLs must be signed with this key (its APP_KEY); unset: off. */
  glideSigningKey?: string;
}

export interface ContentService {
  /** E.g. `http://127.0.0.1:4000`. */
  url: string;
  /** `url` + `/api`. */
  apiUrl: string;
  /** `url` + `/register`: the register's API, when a `registerApiKey` was given. */
  registerApiUrl: string;
  /** Where edits are announced from now on. */
  useWebhook(webhook: Webhook): void;
  close(): Promise<void>;
}

const hostForUrl = (host: string): string => {
  // A wildcard address is not something to link to; the loopback address reaches the same server.
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
};

export const startContentService = async (options: ContentServiceOptions): Promise<ContentService> => {
  if (!options.apiKey) throw new Error('startContentService: apiKey must not be empty');
  if (!options.previewToken) throw new Error('startContentService: previewToken must not be empty');
  const throttle = options.apiThrottle;
  if (
    throttle &&
    !(
      Number.isInteger(throttle.limit) &&
      throttle.limit >= 0 &&
      Number.isInteger(throttle.windowSeconds) &&
      throttle.windowSeconds >= 1
    )
  )
    throw new Error('startContentService: apiThrottle needs a whole limit from 0 and a whole windowSeconds from 1');
  const host = options.host ?? '127.0.0.1';
  const store = buildContentStore();
  const context = { store, base: '', now: options.now ?? (() => new Date()) };
  const livePreviews = createLivePreviews(context.now);
  let webhook = options.webhook ?? null;
  const server = createContentServer({
    admin: options.adminKey ? { adminKey: options.adminKey, webhook: () => webhook } : null,
    context,
    apiKey: options.apiKey,
    apiKeyHeader: options.apiKeyHeader ?? 'X-Api-Key',
    previewToken: options.previewToken,
    livePreviews,
    allowedFilters: options.allowedFilters ?? DEFAULT_ALLOWED_FILTERS,
    submissions: createFormSubmissions(),
    register: options.registerApiKey ? { apiKey: options.registerApiKey, register: createSampleRegister() } : null,
    throttle: throttle?.limit ? createThrottle(throttle, context.now) : null,
    glideSigningKey: options.glideSigningKey || null,
  });
  // Connections stay open between requests of a keep-alive client; a short timeout lets close() finish.
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${hostForUrl(host)}:${port}`;
  context.base = (options.publicUrl ?? url).replace(/\/+$/, '');
  let closed: Promise<void> | undefined;
  const schedule = startEntrySchedule({
    context,
    webhook: () => webhook,
    ...(options.scheduleCheckMs ? { intervalMs: options.scheduleCheckMs } : {}),
  });

  return {
    url,
    apiUrl: `${url}/api`,
    registerApiUrl: `${url}${REGISTER_API_PATH}`,
    useWebhook: (next) => {
      webhook = next;
    },
    // Once, however often it is asked.
    close: () =>
      (closed ??= schedule.stop().then(
        () =>
          new Promise<void>((resolve, reject) => {
            server.close((error) => (error ? reject(error) : resolve()));
            server.closeIdleConnections();
          }),
      )),
  };
};
