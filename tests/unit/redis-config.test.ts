import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

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
