import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/config.ts';

// PREVIEW_FRAME_ANCESTORS: the control panels that may frame previews, checked at start.

describe('PREVIEW_FRAME_ANCESTORS', () => {
  it('reads origins separated by spaces or commas, a trailing slash dropped', () => {
    expect(
      loadConfig({
        PREVIEW_FRAME_ANCESTORS: 'https://cp.example.nl, https://cms.example.nl:8443/  http://127.0.0.1:8000',
      }).previewFrameAncestors,
    ).toEqual(['https://cp.example.nl', 'https://cms.example.nl:8443', 'http://127.0.0.1:8000']);
  });

  it('is unset by default: the origin of the CMS API frames previews, whatever CMS_URL says', () => {
    expect(loadConfig({}).previewFrameAncestors).toBeNull();
    expect(
      loadConfig({ CMS_API_URL: 'https://cms.example.nl/api', CMS_API_KEY: 'key', CMS_URL: 'https://cdn.example.nl' })
        .previewFrameAncestors,
    ).toBeNull();
  });

  it.each([
    'https://cp.example.nl/cp',
    'cp.example.nl',
    "'self'",
    'ftp://cp.example.nl',
    'https://cp.example.nl?x=1',
    ',',
  ])('refuses %j with a line naming the variable', (value) => {
    expect(() => loadConfig({ PREVIEW_FRAME_ANCESTORS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ PREVIEW_FRAME_ANCESTORS: value })).toThrow(
      /^Invalid configuration: PREVIEW_FRAME_ANCESTORS must be origins such as https:\/\/cms\.example\.nl/,
    );
  });
});
