import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { createRemoteRegister } from './remote-register.ts';
import type { Register } from '../../src/common/register-types.ts';

/** Where the register's API is when REGISTER_API_URL is unset: the embedded sample CMS's, if it runs. */
export interface SampleRegisterApi {
  url: string;
  apiKey: string;
}

/** Without a register to ask: the search and the registration pages say the register is unavailable. */
const UNAVAILABLE_REGISTER: Register = {
  search: () => Promise.reject(new Error('REGISTER_API_URL is not set')),
  get: () => Promise.reject(new Error('REGISTER_API_URL is not set')),
  places: async () => [],
};

/**
 * The register's API when REGISTER_API_URL is set; otherwise the sample CMS's beside the sample content.
 * Beside a real CMS without REGISTER_API_URL there is no register to ask: never the sample one, whose
 * made-up people would pass for the register.
 */
export const connectRegister = (
  { register, cms }: Config,
  log: Logger,
  sampleRegisterApi: SampleRegisterApi | null,
): Register => {
  const api =
    register.apiUrl && register.apiKey ? { url: register.apiUrl, apiKey: register.apiKey } : sampleRegisterApi;
  if (!api) {
    log.warn(
      { cmsApiUrl: cms.apiUrl },
      'REGISTER_API_URL is not set: the architect search and the registration pages say the register is unavailable',
    );
    return UNAVAILABLE_REGISTER;
  }
  if (api === sampleRegisterApi) log.info({ registerApi: api.url }, 'architect search uses the sample register');
  else log.info({ registerApi: api.url }, 'architect search uses the register API');
  return createRemoteRegister({
    ...api,
    timeoutMs: register.timeoutMs,
    maxResponseBytes: register.maxResponseBytes,
    log,
  });
};
