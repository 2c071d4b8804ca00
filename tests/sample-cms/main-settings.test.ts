import { describe, expect, it } from 'vitest';
import { glideSignature } from '../../src/common/glide-signature.ts';
import { startProcess, waitForLine } from '../helpers/processes.ts';

// `node sample-cms/main.ts` as a stock Statamic: CONTENT_API_THROTTLE (with CONTENT_API_THROTTLE_WINDOW_S)
// and CONTENT_GLIDE_SIGNING_KEY, checked at start with a line naming the variable.

const start = (env: Record<string, string>) =>
  startProcess(process.execPath, ['sample-cms/main.ts'], {
    name: 'sample-cms',
    env: { PATH: process.env.PATH, CONTENT_SERVICE_PORT: '0', CMS_API_KEY: 'main-settings-key', ...env },
  });

describe('the sample CMS on its own', () => {
  it('throttles its API and checks Glide signatures as its settings say', async () => {
    const service = start({
      CONTENT_API_THROTTLE: '2',
      CONTENT_API_THROTTLE_WINDOW_S: '3600',
      CONTENT_GLIDE_SIGNING_KEY: 'k',
    });
    try {
      const url = await waitForLine(service, 'the sample CMS', (line) => /listening on (http:\S+)/.exec(line)?.[1]);
      const api = () => fetch(`${url}/api/globals`, { headers: { 'X-Api-Key': 'main-settings-key' } });
      expect((await api()).headers.get('x-ratelimit-limit')).toBe('2');
      await api();
      const refused = await api();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      const path = '/img/assets/images/hero/home.jpg';
      expect((await fetch(`${url}${path}?w=40`)).status).toBe(400);
      expect((await fetch(`${url}${path}?w=40&s=${glideSignature('k', path, { w: '40' })}`)).status).toBe(200);
    } finally {
      await service.stop();
    }
  });

  it.each([
    ['CONTENT_API_THROTTLE', 'many'],
    ['CONTENT_API_THROTTLE_WINDOW_S', '0'],
  ])('stops at start on %s=%j, naming it', async (variable, value) => {
    const service = start({ [variable]: value });
    expect(await service.exited).toBe(1);
    expect(service.logs.join('\n')).toContain(`Invalid configuration: ${variable} must be a whole number from`);
  });
});
