import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/config.ts';

// GLIDE_SIGNING_KEY (the CMS's Glide key) and the embedded sample CMS's API throttle, checked at start.

describe('GLIDE_SIGNING_KEY', () => {
  it('is the key image URLs are signed with; unset, there is none', () => {
    expect(loadConfig({ GLIDE_SIGNING_KEY: 'base64:abc' }).cms.glideSigningKey).toBe('base64:abc');
    expect(loadConfig({}).cms.glideSigningKey).toBeNull();
    expect(loadConfig({ GLIDE_SIGNING_KEY: '' }).cms.glideSigningKey).toBeNull();
  });
});

describe('CONTENT_API_THROTTLE and CONTENT_API_THROTTLE_WINDOW_S', () => {
  it('throttle the embedded CMS per window of 60 s by default; unset or 0, not at all', () => {
    expect(loadConfig({ CONTENT_API_THROTTLE: '60' }).contentApiThrottle).toEqual({ limit: 60, windowSeconds: 60 });
    expect(loadConfig({ CONTENT_API_THROTTLE: '5', CONTENT_API_THROTTLE_WINDOW_S: '2' }).contentApiThrottle).toEqual({
      limit: 5,
      windowSeconds: 2,
    });
    expect(loadConfig({}).contentApiThrottle).toBeNull();
    expect(loadConfig({ CONTENT_API_THROTTLE: '0' }).contentApiThrottle).toBeNull();
  });

  it.each([
    ['CONTENT_API_THROTTLE', '-1'],
    ['CONTENT_API_THROTTLE', '1.5'],
    ['CONTENT_API_THROTTLE_WINDOW_S', '0'],
    ['CONTENT_API_THROTTLE_WINDOW_S', 'soon'],
  ])('refuses %s=%j with a line naming it', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^Invalid configuration: ${variable} must be`));
  });
});
