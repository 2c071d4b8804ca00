import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { glideSignature } from '../../src/common/glide-signature.ts';
import { CmsImage } from '../../src/server-components/media/image.tsx';
import { runWithRequestContext } from '../../src/request-context.ts';
import type { RequestContext } from '../../src/request-context.ts';

// Which images go through Statamic's Glide route: the CMS's own raster files, at several widths in WebP,
// signed with the CMS's Glide key. Glide cannot read an SVG (its drivers take JPEG, PNG, GIF and WebP),
// so a vector is linked as it is; without the key, so is every image.

const MEDIA = 'https://cms.example.org';
const GLIDE_KEY = 'base64:unit-test-glide-key';
// The image reads only the media settings of the site.
const contextWith = (glideSigningKey: string | null) =>
  ({ services: { mediaBaseUrl: MEDIA, cmsOrigin: MEDIA, glideSigningKey } }) as unknown as RequestContext;

const render = (url: string, priority = false, context = contextWith(GLIDE_KEY)) =>
  runWithRequestContext(context, () =>
    renderToString(
      <CmsImage asset={{ id: 'assets::x', url, alt: 'Gevel' }} sizes="100vw" aspect="16/9" priority={priority} />,
    ),
  );

describe('CmsImage', () => {
  it('asks Glide for WebP at each width of the srcset for a JPEG, PNG, GIF or WebP of the CMS, signed', () => {
    for (const url of [
      '/assets/images/gevel.jpg',
      '/assets/images/gevel.JPEG',
      '/assets/a.png',
      '/assets/a.gif',
      '/assets/a.webp',
    ]) {
      const html = render(url);
      const s = (width: number) => glideSignature(GLIDE_KEY, `/img${url}`, { w: String(width), fm: 'webp' });
      expect(html, url).toContain(`src="${MEDIA}/img${url}?w=960&amp;fm=webp&amp;s=${s(960)}"`);
      expect(html, url).toContain(`${MEDIA}/img${url}?w=320&amp;fm=webp&amp;s=${s(320)} 320w`);
      expect(html, url).toContain('sizes="100vw"');
      expect(html, url).not.toContain(GLIDE_KEY);
    }
  });

  it('signs the path as it is sent: a space or comma percent-encoded, so a srcset candidate stays whole', () => {
    const html = render('/assets/images/gevel 2,b.jpg');
    const path = '/img/assets/images/gevel%202%2Cb.jpg';
    const s = glideSignature(GLIDE_KEY, path, { w: '320', fm: 'webp' });
    expect(html).toContain(`${MEDIA}${path}?w=320&amp;fm=webp&amp;s=${s} 320w`);
  });

  it("shows the CMS's own file, at its own size, when the site holds no Glide key", () => {
    const html = render('/assets/images/gevel.jpg', false, contextWith(null));
    expect(html).toContain(`src="${MEDIA}/assets/images/gevel.jpg"`);
    expect(html).not.toContain('/img/');
    expect(html).not.toMatch(/srcSet|srcset|sizes=/);
  });

  it('links an SVG as it is, without a srcset: a vector needs no sizes and Glide cannot read it', () => {
    const html = render('/assets/images/logo.svg');
    expect(html).toContain(`src="${MEDIA}/assets/images/logo.svg"`);
    expect(html).not.toContain('/img/');
    expect(html).not.toMatch(/srcSet|srcset|sizes=/);
  });

  it('shows an image hosted elsewhere as it is', () => {
    const html = render('https://cdn.example.net/photo.jpg');
    expect(html).toContain('src="https://cdn.example.net/photo.jpg"');
    expect(html).not.toMatch(/srcSet|srcset/);
  });

  it('asks for a hero at once and any other image when it comes near; neither holds up a frame to be decoded', () => {
    const hero = render('/assets/images/gevel.jpg', true);
    expect(hero).toContain('fetchPriority="high"');
    expect(hero).not.toContain('loading=');
    expect(hero).toContain('decoding="async"');
    const other = render('/assets/images/gevel.jpg');
    expect(other).toContain('loading="lazy"');
    expect(other).not.toContain('fetchPriority');
    expect(other).toContain('decoding="async"');
  });
});
