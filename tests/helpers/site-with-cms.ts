import { expect, vi } from 'vitest';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService, ContentServiceOptions } from '../../sample-cms/service.ts';
import { startCmsProxy } from './cms-proxy.ts';
import { changeEverything } from './revalidate.ts';
import type { CmsProxy } from './cms-proxy.ts';
import { manifestRedisUser, startRedis } from './redis-server.ts';
import type { RunningRedis } from './redis-server.ts';
import { openSite, startSite } from './site.ts';
import type { RunningSite, Site } from './site.ts';

export const CMS_KEY = 'integration-test-key-4f1c2a';
/** The CMS's Glide key (Statamic's APP_KEY), which the site signs image URLs with. */
export const GLIDE_KEY = 'base64:integration-test-glide-key-9d07';
const REGISTER_KEY = 'integration-test-register-key';

export interface SiteWithCms<S extends Site = Site> {
  site: S;
  /** Every CMS request passes it: it records them and can add latency or go down. */
  proxy: CmsProxy;
  /** The sample content service behind the proxy. */
  content: ContentService;
  /** Tells the site that everything changed (its webhook): it drops every CMS answer and page it kept. */
  changeEverything(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The site pointed at "another CMS": the sample content service on its own (with `content`'s options, a
 * clock or Laravel's API throttle, `apiThrottle`, say), behind a proxy, as a stock Statamic with Glide's
 * signing on (the site holds its key). In this process unless `start` says otherwise (startSite: a process
 * of its own).
 */
/** The sample content service, as stock Statamic with Glide's signing on, behind a recording proxy. */
const startCms = async (content: Partial<ContentServiceOptions>) => {
  const service = await startContentService({
    apiKey: CMS_KEY,
    previewToken: 'integration-preview-token',
    registerApiKey: REGISTER_KEY,
    glideSigningKey: GLIDE_KEY,
    ...content,
  });
  return { service, proxy: await startCmsProxy(service.url) };
};

/** What a site needs to read that CMS (through the proxy) and its register. */
const cmsEnv = (service: ContentService, proxy: CmsProxy): Record<string, string> => ({
  CMS_API_URL: proxy.apiUrl,
  CMS_API_KEY: CMS_KEY,
  CMS_URL: service.url,
  GLIDE_SIGNING_KEY: GLIDE_KEY,
  // Its register too, as a site beside a real CMS reads the register's API.
  REGISTER_API_URL: service.registerApiUrl,
  REGISTER_API_KEY: REGISTER_KEY,
});

export const startSiteWithCms = async <S extends Site = Site>(
  env: Record<string, string> = {},
  start: (env: Record<string, string>) => Promise<S> = openSite as (env: Record<string, string>) => Promise<S>,
  content: Partial<ContentServiceOptions> = {},
): Promise<SiteWithCms<S>> => {
  const { service, proxy } = await startCms(content);
  const secret = env.REVALIDATE_SECRET ?? 'site-with-cms-revalidate-secret';
  const site = await start({ ...cmsEnv(service, proxy), REVALIDATE_SECRET: secret, ...env });
  return {
    site,
    proxy,
    content: service,
    changeEverything: async () => {
      const response = await changeEverything(site.url, secret);
      if (response.status !== 202) throw new Error(`The webhook answered ${response.status}`);
    },
    stop: async () => {
      await site.stop();
      await proxy.close();
      await service.close();
    },
  };
};

export interface FleetWithCms {
  /** Replicas of the site, each a process of its own, sharing `redis`. */
  sites: RunningSite[];
  proxy: CmsProxy;
  content: ContentService;
  /** A real redis-server under the site's ACL user of deploy/kubernetes/base/redis.yaml. */
  redis: RunningRedis;
  stop(): Promise<void>;
}

/**
 * `replicas` site processes sharing one redis-server, before the CMS of startSiteWithCms; `env` on top
 * of what they share. Resolves once every replica has connected to Redis.
 */
export const startFleetWithCms = async ({
  replicas = 3,
  env = {},
  content = {},
  beforeStart = () => undefined,
}: {
  replicas?: number;
  env?: Record<string, string>;
  content?: Partial<ContentServiceOptions>;
  /** Sets the proxy up before the replicas start (a throttle that sees their warm-ups too, say). */
  beforeStart?: (proxy: CmsProxy) => void;
} = {}): Promise<FleetWithCms> => {
  const redis = await startRedis(manifestRedisUser('fleet-with-cms-redis-password'));
  const { service, proxy } = await startCms(content);
  beforeStart(proxy);
  const shared = {
    ...cmsEnv(service, proxy),
    REDIS_URL: redis.url,
    CACHE_SIGNING_KEY: 'a-signing-key-the-replicas-share-0123456789',
    // An answer Redis gives late is not a fault here: the suite's load can hold one past the default.
    REDIS_COMMAND_TIMEOUT_MS: '5000',
    // The replicas start at once on a busy machine; one keeping a CMS budget waits for Redis before its warm-up.
    WARM_UP_LIMIT_MS: '20000',
    ...env,
  };
  const sites = await Promise.all(Array.from({ length: replicas }, () => startSite(shared)));
  await vi.waitFor(
    () => expect(sites.every((site) => site.logs.some((line) => line.includes('Redis connected')))).toBe(true),
    { timeout: 15_000 },
  );
  return {
    sites,
    proxy,
    content: service,
    redis,
    stop: async () => {
      await Promise.all(sites.map((site) => site.stop()));
      await proxy.close();
      await service.close();
      await redis.stop();
    },
  };
};
