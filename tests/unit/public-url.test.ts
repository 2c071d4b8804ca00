import { describe, expect, it } from 'vitest';
import { absoluteUrl } from '../../src/public-url.ts';

const BASE = 'https://www.architectenregister.example';

describe('absoluteUrl', () => {
  it('puts paths on the site, percent-encoded', () => {
    expect(absoluteUrl(BASE, '/')).toBe(`${BASE}/`);
    expect(absoluteUrl(BASE, '/en/about-us')).toBe(`${BASE}/en/about-us`);
    expect(absoluteUrl(BASE, '/café a')).toBe(`${BASE}/caf%C3%A9%20a`);
    expect(absoluteUrl(BASE, 'contact')).toBe(`${BASE}/contact`);
  });

  it('keeps on the site what URL resolution would read as another host', () => {
    for (const path of ['//evil.example/x', '/\\', '/\\evil.example', '@evil.example']) {
      expect(new URL(absoluteUrl(BASE, path)).origin, path).toBe(BASE);
    }
  });

  it('leaves an absolute URL (an image on the CMS) as it is', () => {
    expect(absoluteUrl(BASE, 'https://cms.example.org/assets/og.jpg')).toBe('https://cms.example.org/assets/og.jpg');
  });
});
