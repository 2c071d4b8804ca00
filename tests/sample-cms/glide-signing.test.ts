import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glideSignature } from '../../src/common/glide-signature.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { client, start } from './helpers.ts';

// Glide's signing on (Statamic's `image_manipulation.secure`, its default): a Glide URL is answered only
// with the signature League Glide makes of its path and parameters with the CMS's key; otherwise 400 with
// Glide's message, as Statamic's GlideController aborts. The asset's own URL needs no signature.

const KEY = 'base64:sample-cms-glide-test-key';
let service: ContentService;
const { get } = client(() => service);

beforeAll(async () => {
  service = await start({ glideSigningKey: KEY });
});
afterAll(async () => {
  await service?.close();
});

const PATH = '/img/assets/images/hero/home.jpg';
const signed = (params: Record<string, string>) =>
  `${PATH}?${new URLSearchParams({ ...params, s: glideSignature(KEY, PATH, params) })}`;

describe('Glide with signing on', () => {
  it('answers a signed URL, whatever the order of its parameters', async () => {
    const response = await get(signed({ w: '120', fm: 'webp' }), {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const reordered = `${PATH}?s=${glideSignature(KEY, PATH, { w: '120', fm: 'webp' })}&fm=webp&w=120`;
    expect((await get(reordered, {})).status).toBe(200);
  });

  it('refuses an unsigned URL, a changed parameter, another path or another key with 400', async () => {
    const unsigned = await get(`${PATH}?w=120&fm=webp`, {});
    expect(unsigned.status).toBe(400);
    expect(await unsigned.text()).toBe('Signature is missing.\n');
    const s = glideSignature(KEY, PATH, { w: '120', fm: 'webp' });
    for (const url of [
      `${PATH}?w=4000&fm=webp&s=${s}`,
      `${PATH}?w=120&fm=webp&h=4000&s=${s}`,
      `/img/images/hero/home.jpg?w=120&fm=webp&s=${s}`,
      `${PATH}?w=120&fm=webp&s=${glideSignature('another-key', PATH, { w: '120', fm: 'webp' })}`,
    ]) {
      const response = await get(url, {});
      expect(response.status, url).toBe(400);
      expect(await response.text(), url).toBe('Signature is not valid.\n');
    }
  });

  it("serves the asset's own URL without a signature", async () => {
    expect((await get('/assets/images/hero/home.jpg', {})).status).toBe(200);
  });
});
