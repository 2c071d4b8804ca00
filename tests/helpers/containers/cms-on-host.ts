import { startContentService } from '../../../sample-cms/service.ts';
import type { ContentService } from '../../../sample-cms/service.ts';

// The sample CMS on this machine as the CMS and the register's API of site containers, which reach it
// through the host's name in podman's network, with the settings a site container needs besides its own.

export interface CmsOnHost {
  service: ContentService;
  /** The environment of a site container that reads this CMS. */
  siteEnvironment: Record<string, string>;
}

export const startCmsOnHost = async (name: string): Promise<CmsOnHost> => {
  const apiKey = `${name}-cms-key`;
  const registerApiKey = `${name}-register-key`;
  const service = await startContentService({
    apiKey,
    previewToken: `${name}-preview`,
    host: '0.0.0.0',
    registerApiKey,
  });
  const cms = `http://host.containers.internal:${new URL(service.url).port}`;
  return {
    service,
    siteEnvironment: {
      SECURITY_CONTACT: 'security@example.nl',
      SECURITY_TXT_EXPIRES: '2027-09-30',
      CMS_API_URL: `${cms}/api`,
      CMS_API_KEY: apiKey,
      // A busy machine may hold a CMS answer past the default; a late answer is no fault here.
      CMS_TIMEOUT_MS: '60000',
      CMS_URL: cms,
      REGISTER_API_URL: `${cms}/register`,
      REGISTER_API_KEY: registerApiKey,
    },
  };
};
