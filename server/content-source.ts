import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from './config/config.ts';
import type { Webhook } from '../sample-cms/webhook.ts';
import type { ContentSource } from '../src/common/contract.ts';

export interface ConnectedContent {
  source: ContentSource;
  /** Origin of the embedded content service, whose media the site serves under /cms; null for a real CMS. */
  embeddedOrigin: string | null;
  /** The embedded service's register API, the sample register's; null for a real CMS. */
  sampleRegisterApi: { url: string; apiKey: string } | null;
  /** Where the embedded service announces edits (a real CMS has its own listener). */
  useWebhook(webhook: Webhook): void;
  close(): Promise<void>;
}

/** Where the mount of the embedded service's media lives on the site. */
export const EMBEDDED_MEDIA_PATH = '/cms';

/** The sample CMS, loaded only without a CMS: the container image leaves it out. */
const loadSampleContentService = async () => {
  try {
    return await import('../sample-cms/service.ts');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error('CMS_API_URL and CMS_API_KEY are required: this build holds no sample content service', {
      cause: error,
    });
  }
};

/**
 * A real CMS when `CMS_API_URL` is set; otherwise the embedded Statamic-compatible service, started
 * on a loopback port and reached over HTTP like any CMS, with a key of its own (and a Glide key of its
 * own, unless GLIDE_SIGNING_KEY gives one); its register API too.
 */
export const connectContent = async (config: Config, log: Logger): Promise<ConnectedContent> => {
  const {
    apiUrl,
    apiKey,
    apiKeyHeader,
    publicUrl,
    timeoutMs,
    cacheTtlMs,
    maxResponseBytes,
    glideSigningKey,
    rateLimit,
  } = config.cms;
  if (apiUrl && apiKey) {
    return {
      source: {
        apiUrl,
        apiKey,
        apiKeyHeader,
        timeoutMs,
        cacheTtlMs,
        maxResponseBytes,
        rateLimit,
        mediaBaseUrl: publicUrl ?? new URL(apiUrl).origin,
        glideSigningKey,
      },
      embeddedOrigin: null,
      sampleRegisterApi: null,
      useWebhook: () => undefined,
      close: async () => undefined,
    };
  }
  const { startContentService } = await loadSampleContentService();
  const key = apiKey ?? randomBytes(24).toString('hex');
  const registerApiKey = randomBytes(24).toString('hex');
  // Glide's signing on, as Statamic's default is, with a key the site shares with it: the signed path.
  const glideKey = glideSigningKey ?? randomBytes(24).toString('hex');
  const service = await startContentService({
    host: '127.0.0.1',
    port: config.contentServicePort,
    apiKey: key,
    apiKeyHeader,
    previewToken: config.contentPreviewToken,
    ...(config.contentAdminKey ? { adminKey: config.contentAdminKey } : {}),
    registerApiKey,
    glideSigningKey: glideKey,
    ...(config.contentApiThrottle ? { apiThrottle: config.contentApiThrottle } : {}),
  });
  log.info(
    { url: service.url, apiUrl: service.apiUrl, previewToken: config.contentPreviewToken },
    `embedded sample content service started (preview with ?token=<previewToken>${config.contentAdminKey ? '; edits: POST <url>/admin/collections/<collection>/entries/<slug>' : ''})`,
  );
  return {
    source: {
      apiUrl: service.apiUrl,
      apiKey: key,
      apiKeyHeader,
      timeoutMs,
      cacheTtlMs,
      maxResponseBytes,
      rateLimit,
      mediaBaseUrl: EMBEDDED_MEDIA_PATH,
      glideSigningKey: glideKey,
    },
    embeddedOrigin: service.url,
    sampleRegisterApi: { url: service.registerApiUrl, apiKey: registerApiKey },
    useWebhook: service.useWebhook,
    close: service.close,
  };
};
