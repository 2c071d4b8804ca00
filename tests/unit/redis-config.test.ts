import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/config.ts';

// With Redis, the replicas sign what they share: CACHE_SIGNING_KEY is required, long, and never echoed.

describe('CACHE_SIGNING_KEY', () => {
  it('is required with REDIS_URL, and read with it', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://redis:6379' })).toThrow(
      /^Invalid configuration: CACHE_SIGNING_KEY is required when REDIS_URL is set/,
    );
    const key = 'k'.repeat(32);
    expect(loadConfig({ REDIS_URL: 'redis://website:pw@redis:6379', CACHE_SIGNING_KEY: key }).redis).toMatchObject({
      url: 'redis://website:pw@redis:6379',
      signingKey: key,
    });
    expect(loadConfig({ CACHE_SIGNING_KEY: key }).redis).toBeNull();
  });

  it('must be at least 32 characters, and a short one is not repeated in the message', () => {
    const attempt = () => loadConfig({ REDIS_URL: 'redis://redis:6379', CACHE_SIGNING_KEY: 'short-key' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/^Invalid configuration: CACHE_SIGNING_KEY must be at least 32 characters/);
    expect(attempt).not.toThrow(/short-key/);
  });
});

describe('REDIS_SENTINELS', () => {
  const base = { REDIS_URL: 'redis://website:pw@primary', CACHE_SIGNING_KEY: 'k'.repeat(32) };

  it('reads the sentinels, the primary they watch and their credentials beside REDIS_URL', () => {
    const { redis } = loadConfig({
      ...base,
      REDIS_SENTINELS: 'sentinel-0:26380, 10.0.0.7 ,[fd00::1]:26381',
      REDIS_SENTINEL_MASTER: 'site-primary',
      REDIS_SENTINEL_USERNAME: 'sentinel-user',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
    });
    expect(redis).toMatchObject({
      url: base.REDIS_URL,
      sentinels: {
        addresses: [
          { host: 'sentinel-0', port: 26380 },
          { host: '10.0.0.7', port: 26379 },
          { host: 'fd00::1', port: 26381 },
        ],
        master: 'site-primary',
        username: 'sentinel-user',
        password: 'sentinel-secret',
      },
    });
    expect(loadConfig(base).redis?.sentinels).toBeNull();
  });

  it('refuses an address that is not host:port, naming it', () => {
    for (const sentinels of ['sentinel-0:26379,redis://sentinel-1', 'sentinel-0:70000', ' , '])
      expect(() => loadConfig({ ...base, REDIS_SENTINELS: sentinels, REDIS_SENTINEL_MASTER: 'm' })).toThrow(
        /^Invalid configuration: REDIS_SENTINELS must (be sentinels as host:port|name at least one sentinel)/,
      );
    expect(() => loadConfig({ ...base, REDIS_SENTINELS: 'a:1,b c:2', REDIS_SENTINEL_MASTER: 'm' })).toThrow(
      /\("b c:2" is not one\)/,
    );
  });

  it('needs REDIS_URL and the primary’s name, and the other way round', () => {
    expect(() => loadConfig({ ...base, REDIS_SENTINELS: 's:26379' })).toThrow(
      /^Invalid configuration: REDIS_SENTINEL_MASTER is required when REDIS_SENTINELS is set/,
    );
    expect(() => loadConfig({ ...base, REDIS_SENTINEL_MASTER: 'm' })).toThrow(
      /^Invalid configuration: REDIS_SENTINELS is required when REDIS_SENTINEL_MASTER is set/,
    );
    expect(() =>
      loadConfig({ CACHE_SIGNING_KEY: base.CACHE_SIGNING_KEY, REDIS_SENTINELS: 's:26379', REDIS_SENTINEL_MASTER: 'm' }),
    ).toThrow(/^Invalid configuration: REDIS_URL is required when REDIS_SENTINELS is set/);
    expect(() => loadConfig({ ...base, REDIS_SENTINEL_PASSWORD: 'secret' })).toThrow(
      /^Invalid configuration: REDIS_SENTINEL_PASSWORD is set but REDIS_SENTINELS is not/,
    );
  });

  it('refuses a primary name the sentinels could not hold, naming it', () => {
    expect(() => loadConfig({ ...base, REDIS_SENTINELS: 's:1', REDIS_SENTINEL_MASTER: 'bad name!' })).toThrow(
      /^Invalid configuration: REDIS_SENTINEL_MASTER must be the name the sentinels monitor the primary under.*\(got "bad name!"\)$/,
    );
  });
});
