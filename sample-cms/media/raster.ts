import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as ResvgModule from '@resvg/resvg-js';
import type * as JpegModule from 'jpeg-js';
import type * as WebpModule from '@jsquash/webp/encode.js';

// The register's images are photographs: JPEG files that Glide resizes and re-encodes (`fm=webp` for the
// site's responsive images, `fm=jpg` for share images). Here each one is the generated illustration drawn
// into pixels, so that a browser gets what it gets from Statamic: a raster image, decoded off the main
// thread, not an SVG document that it parses and lays out on it.

export type RasterFormat = 'jpg' | 'png' | 'webp';

export const RASTER_TYPES: Record<RasterFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const JPEG_QUALITY = 85;
const WEBP_QUALITY = 80;

// Loaded at the first image, not at start: the renderer is a native module of several MB and the
// encoder a WebAssembly module that many processes never need.
const require = createRequire(import.meta.url);
let renderer: { Resvg: typeof ResvgModule.Resvg; encodeJpeg: typeof JpegModule.encode } | null = null;
const load = () =>
  (renderer ??= {
    Resvg: (require('@resvg/resvg-js') as typeof ResvgModule).Resvg,
    encodeJpeg: (require('jpeg-js') as typeof JpegModule).encode,
  });

// The encoder fetches its WebAssembly file by URL in a browser; Node is given the compiled module (the
// SIMD build, which every Node this project runs on supports).
let webp: Promise<typeof WebpModule.default> | null = null;
const loadWebp = () =>
  (webp ??= (async () => {
    const encoder = await import('@jsquash/webp/encode.js');
    const wasm = readFileSync(require.resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm'));
    await encoder.init(await WebAssembly.compile(wasm));
    return encoder.default;
  })());

/** Glide's `fm`: null for a format Glide does not make, so that the source's own format is kept. */
export const rasterFormat = (fm: string | null): RasterFormat | null => {
  if (fm === 'jpg' || fm === 'pjpg' || fm === 'jpeg') return 'jpg';
  return fm === 'png' || fm === 'webp' ? fm : null;
};

/**
 * Glide's `max_image_size`: a larger size asked for is scaled down, proportions kept, to this many
 * pixels (a 1920-pixel square; the site's largest `srcset` width is 1920). Drawing and encoding take
 * about 0.2 s a megapixel here, so the bound is what one request can cost.
 */
export const MAX_PIXELS = 1920 * 1920;

const RENDER_OPTIONS = { background: '#ffffff', font: { loadSystemFonts: false } } as const;

/** The SVG drawn into pixels and encoded in `format`, at most `MAX_PIXELS` of them. */
export const drawImage = async (svg: string, format: RasterFormat): Promise<Buffer> => {
  const { Resvg, encodeJpeg } = load();
  // The illustrations hold no text: no fonts to look for.
  let resvg = new Resvg(svg, RENDER_OPTIONS);
  const pixels = resvg.width * resvg.height;
  if (pixels > MAX_PIXELS) {
    resvg = new Resvg(svg, { ...RENDER_OPTIONS, fitTo: { mode: 'zoom', value: Math.sqrt(MAX_PIXELS / pixels) } });
  }
  const rendered = resvg.render();
  const { width, height } = rendered;
  if (format === 'png') return rendered.asPng();
  if (format === 'jpg') return encodeJpeg({ data: rendered.pixels, width, height }, JPEG_QUALITY).data;
  const encodeWebp = await loadWebp();
  const image = { data: new Uint8ClampedArray(rendered.pixels), width, height, colorSpace: 'srgb' as const };
  return Buffer.from(await encodeWebp(image, { quality: WEBP_QUALITY }));
};

/** This module's own URL (its source or its compiled file): the image worker loads it to draw. */
export const DRAWING_MODULE = import.meta.url;
