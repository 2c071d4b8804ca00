import type { AssetInfo, ContentStore } from '../content/store.ts';
import { illustrationSvg } from '../media/illustration.ts';
import { ANIMATION_FILES } from '../media/lottie.ts';
import { rasterize } from '../media/image-worker.ts';
import { RASTER_TYPES, rasterFormat } from '../media/raster.ts';
import type { RasterFormat } from '../media/raster.ts';
import { assetPdf } from '../media/pdf.ts';
import { fileReply, textReply } from './reply.ts';
import type { Reply } from './reply.ts';

// The asset files: `/assets/{path}` (the asset's own URL) and Statamic's Glide route `/img/{path}?w=&h=&fm=`.
// Images are JPEG photographs (generated illustrations in pixels, media/raster.ts); Glide resizes them
// and encodes them as `fm` asks (jpg, pjpg, png, webp), in the source's format otherwise. Only assets
// the content references exist; anything else is a 404.

const ONE_MONTH = 30 * 24 * 60 * 60;
const MAX_DIMENSION = 4000;

const CONTENT_TYPES = { document: 'application/pdf', animation: 'application/json' } as const;

/**
 * Generated files are pure functions of their path, size and format, so they are kept, up to a bound;
 * the promise is kept, so that requests for an image being encoded wait for that one encoding.
 */
const cache = new Map<string, Promise<Buffer>>();
const CACHE_ENTRIES = 500;

const generate = (cacheKey: string, make: () => Promise<Buffer> | Buffer | string): Promise<Buffer> => {
  let body = cache.get(cacheKey);
  if (!body) {
    body = Promise.resolve(make()).then((made) => (typeof made === 'string' ? Buffer.from(made) : made));
    // A failed encoding is not kept: the next request tries again.
    body.catch(() => cache.get(cacheKey) === body && cache.delete(cacheKey));
    // Oldest first out: Map keeps insertion order.
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? '');
    cache.set(cacheKey, body);
  }
  return body;
};

/** The format an image file is stored in, from its extension. */
const sourceFormat = (path: string): RasterFormat =>
  rasterFormat(/\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase() ?? null) ?? 'jpg';

const imageBody = (asset: AssetInfo, format: RasterFormat, size?: { width?: number; height?: number }) =>
  generate(`${asset.path}@${size?.width ?? ''}x${size?.height ?? ''}.${format}`, () =>
    rasterize(illustrationSvg(asset.path, asset.title, size), format),
  );

const fileBody = (asset: AssetInfo): Promise<Buffer> | null => {
  if (asset.kind === 'document') return generate(asset.path, () => assetPdf(asset));
  const make = ANIMATION_FILES[asset.path.replace(/^animations\//, '')];
  return make ? generate(asset.path, () => JSON.stringify(make())) : null;
};

const notFoundFile = (): Reply => textReply(404, 'Not found.\n');

/** `GET /assets/{path}`: the file at its natural size. */
export const serveAsset = async (store: ContentStore, path: string): Promise<Reply> => {
  const asset = store.assets.get(path);
  if (!asset) return notFoundFile();
  if (asset.kind === 'image') {
    const format = sourceFormat(asset.path);
    return fileReply(await imageBody(asset, format), RASTER_TYPES[format], ONE_MONTH);
  }
  const body = fileBody(asset);
  return body ? fileReply(await body, CONTENT_TYPES[asset.kind], ONE_MONTH) : notFoundFile();
};

const dimension = (value: string | null): number | undefined => {
  if (value === null) return undefined;
  const number = Math.round(Number(value));
  return Number.isFinite(number) && number > 0 ? Math.min(number, MAX_DIMENSION) : undefined;
};

/**
 * `GET /img/{path}`: an image resized by Glide parameters. The path is the asset's URL without the
 * leading slash (`assets/images/x.jpg`) or its path in the container (`images/x.jpg`).
 */
export const serveGlideImage = async (store: ContentStore, path: string, params: URLSearchParams): Promise<Reply> => {
  const asset = store.assets.get(path.replace(/^assets\//, '')) ?? store.assets.get(path);
  if (!asset || asset.kind !== 'image') return notFoundFile();
  const width = dimension(params.get('w'));
  const height = dimension(params.get('h'));
  const size = { ...(width === undefined ? {} : { width }), ...(height === undefined ? {} : { height }) };
  const format = rasterFormat(params.get('fm')) ?? sourceFormat(asset.path);
  return fileReply(await imageBody(asset, format, size), RASTER_TYPES[format], ONE_MONTH);
};
