import { createRequire } from 'node:module';
import type * as ResvgModule from '@resvg/resvg-js';
import type * as JpegModule from 'jpeg-js';

// Glide's `fm=jpg` and `fm=png` as a real CMS answers them: the generated SVG illustration drawn into
// pixels. Social networks take no SVG for a share image (og:image).

export type RasterFormat = 'jpg' | 'png';

const JPEG_QUALITY = 85;

// Loaded at the first share image, not at start: the renderer is a native module of several MB that
// most processes never need.
const require = createRequire(import.meta.url);
let renderer: { Resvg: typeof ResvgModule.Resvg; encode: typeof JpegModule.encode } | null = null;
const load = () =>
  (renderer ??= {
    Resvg: (require('@resvg/resvg-js') as typeof ResvgModule).Resvg,
    encode: (require('jpeg-js') as typeof JpegModule).encode,
  });

export const rasterFormat = (fm: string | null): RasterFormat | null =>
  fm === 'jpg' || fm === 'pjpg' || fm === 'jpeg' ? 'jpg' : fm === 'png' ? 'png' : null;

export const rasterize = (svg: string | Buffer, format: RasterFormat): Buffer => {
  const { Resvg, encode } = load();
  // The illustrations hold no text: no fonts to look for.
  const rendered = new Resvg(svg, { background: '#ffffff', font: { loadSystemFonts: false } }).render();
  if (format === 'png') return rendered.asPng();
  const { width, height } = rendered;
  return encode({ data: Buffer.from(rendered.pixels), width, height }, JPEG_QUALITY).data;
};
