import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { illustrationSvg } from '../../sample-cms/media/illustration.ts';
import { rasterize } from '../../sample-cms/media/image-worker.ts';
import { MAX_PIXELS, drawImage } from '../../sample-cms/media/raster.ts';
import type { ContentService } from '../../sample-cms/service.ts';
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
  const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

  it("resizes a photograph through Glide and encodes it as WebP for fm=webp (the site's srcset)", async () => {
    const image = await heroImage();
    expect(image.url).toBe('/assets/images/hero/home.jpg');
    const response = await get(`/img${String(image.url)}?w=400&fm=webp`, {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(imageSize(await bytes(response))).toEqual({ type: 'webp', width: 400, height: 267 });
  });

  it('also accepts the path inside the container, and a height; without fm it keeps the JPEG', async () => {
    const response = await get('/img/images/hero/home.jpg?w=300&h=300', {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(imageSize(await bytes(response))).toEqual({ type: 'jpeg', width: 300, height: 300 });
  });

  it('encodes fm=jpg, pjpg and png at the requested size (share images)', async () => {
    for (const [fm, type] of [
      ['jpg', 'image/jpeg'],
      ['pjpg', 'image/jpeg'],
      ['png', 'image/png'],
    ] as const) {
      const response = await get(`/img/images/hero/home.jpg?w=1200&h=630&fit=crop&fm=${fm}`, {});
      expect(response.status, fm).toBe(200);
      expect(response.headers.get('content-type'), fm).toBe(type);
      expect(imageSize(await bytes(response)), fm).toEqual({
        type: type === 'image/png' ? 'png' : 'jpeg',
        width: 1200,
        height: 630,
      });
    }
  });

  it('answers requests for one size while it is being encoded with the same file', async () => {
    const url = '/img/images/hero/home.jpg?w=777&fm=webp';
    const [first, second] = await Promise.all([get(url, {}), get(url, {})]);
    expect((await bytes(first)).equals(await bytes(second))).toBe(true);
    expect(first.headers.get('etag')).toBe(second.headers.get('etag'));
  });

  it('scales a larger size than Glide makes down to its limit, proportions kept', async () => {
    const response = await get('/img/images/hero/home.jpg?w=4000&fm=webp', {});
    expect(response.status).toBe(200);
    const size = imageSize(await bytes(response));
    expect(size?.type).toBe('webp');
    const { width, height } = size!;
    expect(width * height).toBeLessThanOrEqual(MAX_PIXELS);
    expect(width).toBeGreaterThan(1920);
    expect(width / height).toBeCloseTo(1.5, 2);
  });

  it('draws images off the event loop: requests meanwhile are answered at once', async () => {
    const draw = (width: number) => rasterize(illustrationSvg('images/hero/home.jpg', null, { width }), 'webp');
    await draw(100); // the worker and its encoder loaded, so that nothing else waits for the loop
    const order: string[] = [];
    const images = [1201, 1202, 1203].map((width) => draw(width).then(() => order.push('image')));
    // A callback of the loop's next turn, like an API request's, runs before any of them is done.
    const turn = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => order.push('turn'));
    await Promise.all([...images, turn]);
    expect(order).toEqual(['turn', 'image', 'image', 'image']);
  });

  it('draws the same picture in the worker as on this thread', async () => {
    const svg = illustrationSvg('images/hero/home.jpg', null, { width: 320 });
    expect((await rasterize(svg, 'png')).equals(await drawImage(svg, 'png'))).toBe(true);
  });

  it('serves the plain asset URL as a JPEG at its natural size, the same picture every time', async () => {
    const image = await heroImage();
    const first = await get(String(image.url), {});
    const second = await fetch(String(image.permalink));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    const picture = await bytes(first);
    expect(imageSize(picture)).toMatchObject({ type: 'jpeg' });
    expect(picture.equals(await bytes(second))).toBe(true);
  });

  it('answers a repeated request with 304 when the ETag matches', async () => {
    const first = await get('/assets/images/hero/home.jpg', {});
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await get('/assets/images/hero/home.jpg', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
  });

  it('answers unknown assets with 404', async () => {
    for (const path of [
      '/assets/images/nope.jpg',
      '/assets/images/hero/home.svg',
      '/img/assets/images/nope.jpg?w=400&fm=webp',
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
