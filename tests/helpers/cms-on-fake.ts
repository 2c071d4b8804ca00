import type { Cms } from '../../src/cms/cms.ts';
import { createCms } from '../../src/cms/create-cms.ts';
import { createResponseCache } from '../../src/cms/response-cache.ts';
import type { CmsOptions } from '../../src/cms/create-cms.ts';
import type { RenderLog } from '../../src/common/contract.ts';
import type { FakeCms } from './fake-cms.ts';

// For unit tests, which run the server-only CMS client in the test process (vitest aliases
// `server-only`); browser tests import fake-cms.ts alone.

/** The site's CMS client, pointed at a fake, with a response cache of its own (one per test, so nothing carries over). */
export const cmsOn = (
  fake: FakeCms,
  log: RenderLog,
  {
    apiKey = 'k',
    timeoutMs = 5000,
    maxResponseBytes = 1024 * 1024,
    ...rateLimit
  }: {
    apiKey?: string;
    timeoutMs?: number;
    maxResponseBytes?: number;
  } & Pick<CmsOptions, 'budget' | 'waitLimitMs' | 'observe'> = {},
): Cms =>
  createCms({
    ...rateLimit,
    apiUrl: fake.apiUrl,
    apiKey,
    apiKeyHeader: 'X-Api-Key',
    timeoutMs,
    maxResponseBytes,
    log,
    cache: createResponseCache({ ttlMs: 3_600_000, log }),
  });
