import { startRegisterApiServer } from './register-api-server.ts';
import type { RegisterApiServer } from './register-api-server.ts';
import { openSite } from './site.ts';
import type { Site } from './site.ts';

// Two sites side by side for the register's tests: one on the embedded sample CMS's register API, one on
// the register API (the test server that speaks its contract, with a short timeout for its fault cases).

export interface RegisterSites {
  embedded: Site;
  remote: Site;
  registerApi: RegisterApiServer;
  close(): Promise<void>;
}

export const openRegisterSites = async (): Promise<RegisterSites> => {
  const registerApi = await startRegisterApiServer();
  const [embedded, remote] = await Promise.all([
    openSite(),
    openSite({ REGISTER_API_URL: registerApi.url, REGISTER_API_KEY: registerApi.apiKey, REGISTER_TIMEOUT_MS: '1000' }),
  ]);
  return {
    embedded,
    remote,
    registerApi,
    close: async () => {
      await Promise.all([embedded.stop(), remote.stop()]);
      await registerApi.close();
    },
  };
};
