import type { AssetInfo, ContentStore } from '../content/store.ts';
import { illustrationSvg } from '../media/illustration.ts';
import { ANIMATION_FILES } from '../media/lottie.ts';
import { rasterFormat, rasterize } from '../media/raster.ts';
import type { RasterFormat } from '../media/raster.ts';
import { documentPdf } from '../media/pdf.ts';
import { fileReply, textReply } from './reply.ts';
import type { Reply } from './reply.ts';

// The asset files: `/assets/{path}` (the asset's own URL) and Statamic's Glide route `/img/{path}?w=&h=&fm=`.
// Images are generated SVG illustrations drawn at the requested size: Glide answers `image/svg+xml`,
// or with `fm=jpg` or `fm=png` the illustration in pixels (media/raster.ts). Only assets the content
// references exist; anything else is a 404.

const ONE_MONTH = 30 * 24 * 60 * 60;
const MAX_DIMENSION = 4000;

const RASTER_TYPES: Record<RasterFormat, string> = { jpg: 'image/jpeg', png: 'image/png' };

const CONTENT_TYPES = {
  image: 'image/svg+xml',
  document: 'application/pdf',
  animation: 'application/json',
} as const;

/** Generated files are pure functions of their path and size, so they are kept, up to a bound. */
const cache = new Map<string, Buffer>();
const CACHE_ENTRIES = 500;

const generate = (cacheKey: string, make: () => Buffer | string): Buffer => {
  let body = cache.get(cacheKey);
  if (!body) {
    const made = make();
    body = typeof made === 'string' ? Buffer.from(made) : made;
    // Oldest first out: Map keeps insertion order.
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? '');
    cache.set(cacheKey, body);
  }
  return body;
};

const assetBody = (
  asset: AssetInfo,
  size?: { width?: number; height?: number },
  format: RasterFormat | null = null,
): Buffer | null => {
  if (asset.kind === 'image') {
    const key = `${asset.path}@${size?.width ?? ''}x${size?.height ?? ''}.${format ?? 'svg'}`;
    return generate(key, () => {
      const svg = illustrationSvg(asset.path, asset.title, size);
      return format ? rasterize(svg, format) : svg;
    });
  }
  if (asset.kind === 'document') return generate(asset.path, () => documentPdf(asset.title ?? asset.path));
  const make = ANIMATION_FILES[asset.path.replace(/^animations\//, '')];
  return make ? generate(asset.path, () => JSON.stringify(make())) : null;
};

const notFoundFile = (): Reply => textReply(404, 'Not found.\n');

/** `GET /assets/{path}`: the file at its natural size. */
export const serveAsset = (store: ContentStore, path: string): Reply => {
  const asset = store.assets.get(path);
  const body = asset ? assetBody(asset) : null;
  if (!asset || !body) return notFoundFile();
  return fileReply(body, CONTENT_TYPES[asset.kind], ONE_MONTH);
};

const dimension = (value: string | null): number | undefined => {
  if (value === null) return undefined;
  const number = Math.round(Number(value));
  return Number.isFinite(number) && number > 0 ? Math.min(number, MAX_DIMENSION) : undefined;
};

/**
 * `GET /img/{path}`: an image resized by Glide parameters. The path is the asset's URL without the
 * leading slash (`assets/images/x.svg`) or its path in the container (`images/x.svg`).
 */
export const serveGlideImage = (store: ContentStore, path: string, params: URLSearchParams): Reply => {
  const asset = store.assets.get(path.replace(/^assets\//, '')) ?? store.assets.get(path);
  if (!asset || asset.kind !== 'image') return notFoundFile();
  const width = dimension(params.get('w'));
  const height = dimension(params.get('h'));
  const size = { ...(width === undefined ? {} : { width }), ...(height === undefined ? {} : { height }) };
  const format = rasterFormat(params.get('fm'));
  const body = assetBody(asset, size, format);
  if (!body) return notFoundFile();
  return fileReply(body, format ? RASTER_TYPES[format] : CONTENT_TYPES.image, ONE_MONTH);
};
