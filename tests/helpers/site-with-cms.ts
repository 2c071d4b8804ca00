import { startContentService } from '../../server/content-service/service.ts';
import { startCmsProxy } from './cms-proxy.ts';
import { changeEverything } from './revalidate.ts';
import type { CmsProxy } from './cms-proxy.ts';
import { startSite } from './site.ts';
import type { RunningSite } from './site.ts';

export const CMS_KEY = 'integration-test-key-4f1c2a';

export interface SiteWithCms {
  site: RunningSite;
  /** Every CMS request passes it: it records them and can add latency or go down. */
  proxy: CmsProxy;
  /** Tells the site that everything changed (its webhook): it drops every CMS answer and page it kept. */
  changeEverything(): Promise<void>;
  stop(): Promise<void>;
}

/** The site pointed at "another CMS": the sample content service on its own, behind a proxy. */
export const startSiteWithCms = async (env: Record<string, string> = {}): Promise<SiteWithCms> => {
  const service = await startContentService({ apiKey: CMS_KEY, previewToken: 'integration-preview-token' });
  const proxy = await startCmsProxy(service.url);
  const secret = env.REVALIDATE_SECRET ?? 'site-with-cms-revalidate-secret';
  const site = await startSite({
    CMS_API_URL: proxy.apiUrl,
    CMS_API_KEY: CMS_KEY,
    CMS_URL: service.url,
    REVALIDATE_SECRET: secret,
    ...env,
  });
  return {
    site,
    proxy,
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
