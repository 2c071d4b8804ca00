import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
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

/** The SVG drawn into pixels and encoded in `format`, at most `MAX_PIXELS` of them, on this thread. */
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

// Drawing and encoding take 0.1-0.5 s of CPU an image, and the embedded service shares its process with
// the site: they run in a worker thread, which loads this same module (from its source or its compiled
// file) and draws one image at a time, while the process goes on answering pages and API requests.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.module).then(({ drawImage }) => {
  parentPort.on('message', ({ id, svg, format }) => {
    drawImage(svg, format).then(
      (body) => parentPort.postMessage({ id, body }),
      (error) => parentPort.postMessage({ id, error: String(error) }),
    );
  });
});
`;

interface Pending {
  resolve: (body: Buffer) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let lastId = 0;

const startWorker = (): Worker => {
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { module: import.meta.url } });
  // An idle worker does not keep the process alive.
  started.unref();
  started.on('message', ({ id, body, error }: { id: number; body?: Uint8Array; error?: string }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (body) waiting?.resolve(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    else waiting?.reject(new Error(error ?? 'the image could not be drawn'));
  });
  // A worker that fails fails what it was drawing; the next image starts a new one.
  const failAll = (error: Error) => {
    if (worker === started) worker = null;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  started.on('error', failAll);
  started.on('exit', (code) => failAll(new Error(`the image worker stopped (exit code ${code})`)));
  return started;
};

/** The SVG drawn into pixels and encoded in `format`, at most `MAX_PIXELS` of them, in the worker. */
export const rasterize = (svg: string, format: RasterFormat): Promise<Buffer> =>
  new Promise<Buffer>((resolve, reject) => {
    lastId += 1;
    pending.set(lastId, { resolve, reject });
    // Referenced while it has work, so that a process waiting for an image does not exit under it.
    (worker ??= startWorker()).ref();
    worker.postMessage({ id: lastId, svg, format });
  }).finally(() => {
    if (pending.size === 0) worker?.unref();
  });
