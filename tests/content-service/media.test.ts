import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentService } from '../../server/content-service/service.ts';
import { imageSize } from '../helpers/image-size.ts';
import { client, start } from './helpers.ts';
import type { Envelope, Item } from './helpers.ts';

// Images through the Glide route and as plain assets, publication PDFs and the Lottie animations.

let service: ContentService;
const { get, json } = client(() => service);

beforeAll(async () => {
  service = await start();
});

afterAll(async () => {
  await service?.close();
});

/** The Lottie fields a player needs, checked recursively for layers. */
const expectLottie = (animation: Item) => {
  expect(animation).toMatchObject({
    v: expect.any(String),
    fr: expect.any(Number),
    ip: 0,
    op: expect.any(Number),
    w: expect.any(Number),
    h: expect.any(Number),
  });
  expect(Number(animation.op)).toBeGreaterThan(0);
  const layers = animation.layers as Item[];
  expect(layers.length).toBeGreaterThan(0);
  for (const layer of layers) {
    expect(layer).toMatchObject({ ty: 4, ks: expect.any(Object), shapes: expect.any(Array) });
    expect(Number(layer.op)).toBe(animation.op);
  }
};

const heroImage = async (): Promise<Item> => {
  const { data } = await json<Envelope>(
    '/collections/pages/entries?filter[site]=default&filter[slug]=home&fields=hero_image',
  );
  return data[0]?.hero_image as Item;
};

describe('images', () => {
  it('serves an image through Glide at the requested width, as SVG for fm=webp or none', async () => {
    const image = await heroImage();
    const response = await get(`/img${String(image.url)}?w=400&fm=webp`, {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const svg = await response.text();
    expect(svg).toMatch(/^<svg [^>]*width="400" height="267"/);
    expect(svg).toContain('</svg>');
  });

  it('also accepts the path inside the container, and a height', async () => {
    const response = await get('/img/images/hero/home.svg?w=300&h=300', {});
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^<svg [^>]*width="300" height="300"/);
  });

  it('draws the image in pixels for fm=jpg and fm=png, at the requested size (share images)', async () => {
    for (const [fm, type] of [
      ['jpg', 'image/jpeg'],
      ['pjpg', 'image/jpeg'],
      ['png', 'image/png'],
    ] as const) {
      const response = await get(`/img/images/hero/home.svg?w=1200&h=630&fit=crop&fm=${fm}`, {});
      expect(response.status, fm).toBe(200);
      expect(response.headers.get('content-type'), fm).toBe(type);
      expect(imageSize(Buffer.from(await response.arrayBuffer())), fm).toEqual({
        type: type === 'image/png' ? 'png' : 'jpeg',
        width: 1200,
        height: 630,
      });
    }
  });

  it('serves the plain asset URL, the same picture every time', async () => {
    const image = await heroImage();
    const first = await get(String(image.url), {});
    const second = await fetch(String(image.permalink));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/svg+xml');
    expect(await first.text()).toBe(await second.text());
  });

  it('answers a repeated request with 304 when the ETag matches', async () => {
    const first = await get('/assets/images/hero/home.svg', {});
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await get('/assets/images/hero/home.svg', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
  });

  it('answers unknown assets with 404', async () => {
    for (const path of [
      '/assets/images/nope.svg',
      '/img/assets/images/nope.svg?w=400&fm=webp',
      '/img/assets/documents/jaarverslag-2025.pdf?w=10',
      '/assets/',
    ]) {
      expect((await get(path, {})).status, path).toBe(404);
    }
  });
});

describe('documents', () => {
  it('serves the PDF of a publication', async () => {
    const { data } = await json<Envelope>(
      '/collections/publications/entries?filter[site]=en&filter[slug]=annual-report-2025',
    );
    const file = data[0]?.file as Item;
    const response = await get(String(file.url), {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const body = Buffer.from(await response.arrayBuffer()).toString('latin1');
    expect(body.startsWith('%PDF-1.4')).toBe(true);
    expect(body.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(body).toContain('(Jaarverslag 2025)');
    // The cross-reference table points at each object.
    const offset = Number(/startxref\n(\d+)/.exec(body)?.[1]);
    expect(body.slice(offset, offset + 4)).toBe('xref');
  });
});

describe('animations', () => {
  it('serves the linked Lottie file as JSON', async () => {
    const response = await get('/assets/animations/register-groei.json', {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expectLottie((await response.json()) as Item);
  });

  it('embeds a valid Lottie animation inline in a page', async () => {
    const { data } = await json<Envelope>('/collections/pages/entries?filter[site]=en&fields=components&limit=100');
    const inline = data
      .flatMap((page) => page.components as Item[])
      .find((component) => component.type === 'animation' && component.animation_data !== null);
    expectLottie(inline?.animation_data as Item);
  });
});
