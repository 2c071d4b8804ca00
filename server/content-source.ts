import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { startContentService } from './content-service/service.ts';
import type { ContentSource } from './render/contract.ts';

export interface ConnectedContent {
  source: ContentSource;
  /** Origin of the embedded content service, whose media the site serves under /cms; null for a real CMS. */
  embeddedOrigin: string | null;
  close(): Promise<void>;
}

/** Where the mount of the embedded service's media lives on the site. */
export const EMBEDDED_MEDIA_PATH = '/cms';

/**
 * A real CMS when `CMS_API_URL` is set; otherwise the embedded Statamic-compatible service, started
 * on a loopback port and reached over HTTP like any CMS, with a key of its own.
 */
export const connectContent = async (config: Config, log: Logger): Promise<ConnectedContent> => {
  const { apiUrl, apiKey, apiKeyHeader, publicUrl, timeoutMs, cacheTtlMs } = config.cms;
  if (apiUrl && apiKey) {
    return {
      source: { apiUrl, apiKey, apiKeyHeader, timeoutMs, cacheTtlMs, mediaBaseUrl: publicUrl ?? new URL(apiUrl).origin },
      embeddedOrigin: null,
      close: async () => undefined,
    };
  }
  const key = apiKey ?? randomBytes(24).toString('hex');
  const service = await startContentService({
    host: '127.0.0.1',
    port: 0,
    apiKey: key,
    apiKeyHeader,
    previewToken: config.contentPreviewToken,
  });
  log.info(
    { apiUrl: service.apiUrl, previewToken: config.contentPreviewToken },
    'embedded sample content service started (preview with ?token=<previewToken>)',
  );
  return {
    source: { apiUrl: service.apiUrl, apiKey: key, apiKeyHeader, timeoutMs, cacheTtlMs, mediaBaseUrl: EMBEDDED_MEDIA_PATH },
    embeddedOrigin: service.url,
    close: service.close,
  };
};
