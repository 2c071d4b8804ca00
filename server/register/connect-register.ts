import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createSampleRegister } from '../../sample-cms/register/search.ts';
import { createRemoteRegister } from './remote-register.ts';
import type { Register } from '../../src/render/contract.ts';

/** The register's API when REGISTER_API_URL is set, otherwise the embedded sample register. */
export const connectRegister = ({ register, cms }: Config, log: Logger): Register => {
  if (register.apiUrl && register.apiKey) {
    log.info({ registerApi: register.apiUrl }, 'architect search uses the register API');
    return createRemoteRegister({
      url: register.apiUrl,
      apiKey: register.apiKey,
      timeoutMs: register.timeoutMs,
      maxResponseBytes: register.maxResponseBytes,
      log,
    });
  }
  // Beside real content, the sample's synthetic people would pass for the register: said loudly.
  if (cms.apiUrl)
    log.warn(
      { cmsApiUrl: cms.apiUrl },
      'REGISTER_API_URL is not set: the architect search shows the embedded sample register, whose people are made up',
    );
  else log.info('architect search uses the embedded sample register');
  return createSampleRegister();
};
