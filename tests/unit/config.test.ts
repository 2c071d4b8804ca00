import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../../server/config/config.ts';

// How the configuration is read as a whole: every problem of a start at once, a line each; whole numbers
// whole; a blank variable unset.

const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message.split('\n');
    throw error;
  }
  return [];
};

describe('the configuration', () => {
  it('names every problem of a start, each on a line of its own, variables and combinations alike', () => {
    expect(
      problems({
        PORT: '80.5',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: '-1',
        CMS_API_URL: 'https://cms.example.nl/api',
        REDIS_URL: 'redis://redis:6379',
        CACHE_SIGNING_KEY: 'short',
      }),
    ).toEqual([
      'Invalid configuration: PORT must be a port number (0 to 65535) (got "80.5")',
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'Invalid configuration: TRUST_PROXY must be a whole number of proxies (0 or more) (got "-1")',
      // Malformed, so not "required" besides; secrets are never echoed.
      'Invalid configuration: CACHE_SIGNING_KEY must be at least 32 characters (e.g. openssl rand -base64 48)',
      'Invalid configuration: CMS_API_KEY is required when CMS_API_URL is set',
    ]);
  });

  it('checks combinations even when every variable is well-formed, all of them', () => {
    expect(
      problems({
        REGISTER_API_URL: 'https://register.example.nl',
        REDIS_SENTINEL_MASTER: 'primary',
        CDN_PURGE: 'fastly',
      }),
    ).toEqual([
      'Invalid configuration: REGISTER_API_KEY is required when REGISTER_API_URL is set',
      'Invalid configuration: REDIS_SENTINELS is required when REDIS_SENTINEL_MASTER is set (the sentinels as host:port, separated by commas)',
      'Invalid configuration: FASTLY_SERVICE_ID is required when CDN_PURGE=fastly',
      'Invalid configuration: FASTLY_API_TOKEN is required when CDN_PURGE=fastly',
      expect.stringMatching(/^Invalid configuration: SURROGATE_KEY_PREFIX or PUBLIC_URL is required when CDN_PURGE/),
      expect.stringMatching(/^Invalid configuration: REVALIDATE_SECRET is required when CDN_PURGE is set/),
    ]);
  });

  it('takes whole numbers only where a count, a port or a duration is asked for', () => {
    for (const variable of ['PORT', 'METRICS_PORT', 'TRUST_PROXY', 'CMS_TIMEOUT_MS', 'RATE_LIMIT_FORMS_PER_HOUR']) {
      expect(problems({ [variable]: '2.5' }), variable).toEqual([
        expect.stringMatching(`^Invalid configuration: ${variable} `),
      ]);
    }
    expect(loadConfig({ PORT: '8080', TRUST_PROXY: '2' })).toMatchObject({ port: 8080, trustProxy: 2 });
  });

  it('reads a fraction of a megabyte as whole bytes (the page cache bound)', () => {
    expect(loadConfig({ PAGE_CACHE_MB: '0.3' }).pageCacheBytes).toBe(314_573);
    expect(loadConfig({ PAGE_CACHE_MB: '0' }).pageCacheBytes).toBe(0);
    expect(loadConfig({}).pageCacheBytes).toBe(128 * 1024 * 1024);
    expect(problems({ PAGE_CACHE_MB: 'Infinity' })).toEqual([
      'Invalid configuration: PAGE_CACHE_MB must be a number of megabytes (0 turns the cache off) (got "Infinity")',
    ]);
  });

  it('counts a blank variable as unset: its default, never a port or a count of 0', () => {
    const blank = Object.fromEntries(CONFIG_VARIABLES.map((variable) => [variable, ' \t ']));
    expect(problems(blank)).toEqual([]);
    const config = loadConfig({ ...blank, PORT: ' ', METRICS_PORT: '', TRUST_PROXY: '  ' });
    expect(config).toMatchObject({ port: 3000, metricsPort: 9464, trustProxy: 0, host: '0.0.0.0' });
    expect(config.cms.apiUrl).toBeNull();
    expect(problems({ CMS_API_URL: 'https://cms.example.nl/api', CMS_API_KEY: '   ' })).toEqual([
      'Invalid configuration: CMS_API_KEY is required when CMS_API_URL is set',
    ]);
  });
});
