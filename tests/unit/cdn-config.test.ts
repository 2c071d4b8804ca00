import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/config.ts';

// CDN_PURGE and its settings: each CDN's id and token required, ids checked, tokens never echoed, the API's
// address fixed but for a stand-in on this machine, and the surrogate keys' prefix known.

const ZONE_ID = '023e105f4ecef8ad9ca31a8372d0c353';
const WEBHOOK = { REVALIDATE_SECRET: 'cdn-config-test-secret', PUBLIC_URL: 'https://www.architectenregister.nl' };
const CLOUDFLARE = {
  ...WEBHOOK,
  CDN_PURGE: 'cloudflare',
  CLOUDFLARE_ZONE_ID: ZONE_ID,
  CLOUDFLARE_API_TOKEN: 'cf-token',
};
const FASTLY = {
  ...WEBHOOK,
  CDN_PURGE: 'fastly',
  FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY',
  FASTLY_API_TOKEN: 'f-token',
};

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};

describe('CDN_PURGE', () => {
  it('is off unless set', () => {
    expect(loadConfig(WEBHOOK).cdn).toBeNull();
    expect(refusal({ ...WEBHOOK, CDN_PURGE: 'akamai' })).toMatch(
      /^Invalid configuration: CDN_PURGE must be cloudflare or fastly/,
    );
  });

  it('reads Cloudflare with its zone id and token, and refuses to start without either', () => {
    expect(loadConfig(CLOUDFLARE).cdn).toEqual({
      cdn: 'cloudflare',
      zoneId: ZONE_ID,
      token: 'cf-token',
      apiUrl: null,
      attempts: 5,
      retryMs: 1000,
    });
    expect(refusal({ ...CLOUDFLARE, CLOUDFLARE_ZONE_ID: '' })).toBe(
      'Invalid configuration: CLOUDFLARE_ZONE_ID is required when CDN_PURGE=cloudflare',
    );
    expect(refusal({ ...CLOUDFLARE, CLOUDFLARE_API_TOKEN: '' })).toBe(
      'Invalid configuration: CLOUDFLARE_API_TOKEN is required when CDN_PURGE=cloudflare',
    );
    expect(refusal({ ...CLOUDFLARE, CLOUDFLARE_ZONE_ID: 'example.nl' })).toMatch(
      /^Invalid configuration: CLOUDFLARE_ZONE_ID must be the zone's id: 32 hexadecimal characters/,
    );
  });

  it('reads Fastly with its service id and token, and refuses to start without either', () => {
    expect(loadConfig(FASTLY).cdn).toMatchObject({
      cdn: 'fastly',
      serviceId: 'SU1Z0isxPaozGVKXdv0eY',
      token: 'f-token',
    });
    expect(refusal({ ...FASTLY, FASTLY_SERVICE_ID: '' })).toBe(
      'Invalid configuration: FASTLY_SERVICE_ID is required when CDN_PURGE=fastly',
    );
    expect(refusal({ ...FASTLY, FASTLY_API_TOKEN: '' })).toBe(
      'Invalid configuration: FASTLY_API_TOKEN is required when CDN_PURGE=fastly',
    );
    expect(refusal({ ...FASTLY, FASTLY_SERVICE_ID: '../purge_all' })).toMatch(
      /^Invalid configuration: FASTLY_SERVICE_ID must be the service's id/,
    );
  });

  it('never echoes a malformed token', () => {
    const message = refusal({ ...CLOUDFLARE, CLOUDFLARE_API_TOKEN: 'leaked secret token' });
    expect(message).toMatch(/^Invalid configuration: CLOUDFLARE_API_TOKEN must not contain spaces/);
    expect(message).not.toContain('leaked');
  });

  it('needs the webhook, whose changes it purges', () => {
    expect(refusal({ ...CLOUDFLARE, REVALIDATE_SECRET: '' })).toMatch(
      /^Invalid configuration: REVALIDATE_SECRET is required when CDN_PURGE is set/,
    );
  });

  it("sends the token to the API's own address, or to a stand-in on this machine (tests)", () => {
    expect(loadConfig({ ...FASTLY, CDN_PURGE_API_URL: 'http://127.0.0.1:4851/' }).cdn?.apiUrl).toBe(
      'http://127.0.0.1:4851',
    );
    expect(refusal({ ...FASTLY, CDN_PURGE_API_URL: 'https://purge.example.nl' })).toMatch(
      /^Invalid configuration: CDN_PURGE_API_URL must be on this machine/,
    );
  });
});

describe('SURROGATE_KEY_PREFIX', () => {
  it('is the public host by default, else none; CDN_PURGE needs one', () => {
    expect(loadConfig(WEBHOOK).surrogateKeyPrefix).toBe('www.architectenregister.nl:');
    expect(loadConfig({}).surrogateKeyPrefix).toBe('');
    expect(loadConfig({ ...CLOUDFLARE, SURROGATE_KEY_PREFIX: 'register-acc:' }).surrogateKeyPrefix).toBe(
      'register-acc:',
    );
    expect(refusal({ ...CLOUDFLARE, PUBLIC_URL: '' })).toMatch(
      /^Invalid configuration: SURROGATE_KEY_PREFIX or PUBLIC_URL is required when CDN_PURGE is set/,
    );
    expect(refusal({ SURROGATE_KEY_PREFIX: 'two words' })).toMatch(
      /^Invalid configuration: SURROGATE_KEY_PREFIX must be 1 to 100 letters, digits or : \. _ -/,
    );
  });
});
