import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService, ContentServiceOptions } from '../../sample-cms/service.ts';
import { startCmsProxy } from './cms-proxy.ts';
import { changeEverything } from './revalidate.ts';
import type { CmsProxy } from './cms-proxy.ts';
import { openSite } from './site.ts';
import type { Site } from './site.ts';

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
export const startSiteWithCms = async <S extends Site = Site>(
  env: Record<string, string> = {},
  start: (env: Record<string, string>) => Promise<S> = openSite as (env: Record<string, string>) => Promise<S>,
  content: Partial<ContentServiceOptions> = {},
): Promise<SiteWithCms<S>> => {
  const service = await startContentService({
    apiKey: CMS_KEY,
    previewToken: 'integration-preview-token',
    registerApiKey: REGISTER_KEY,
    glideSigningKey: GLIDE_KEY,
    ...content,
  });
  const proxy = await startCmsProxy(service.url);
  const secret = env.REVALIDATE_SECRET ?? 'site-with-cms-revalidate-secret';
  const site = await start({
    CMS_API_URL: proxy.apiUrl,
    CMS_API_KEY: CMS_KEY,
    CMS_URL: service.url,
    GLIDE_SIGNING_KEY: GLIDE_KEY,
    // Its register too, as a site beside a real CMS reads the register's API.
    REGISTER_API_URL: service.registerApiUrl,
    REGISTER_API_KEY: REGISTER_KEY,
    REVALIDATE_SECRET: secret,
    ...env,
  });
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
