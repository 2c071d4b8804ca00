import { getSiteServices } from '../../request-context.ts';
import type { Asset } from '../../cms/types.ts';
import { glideImage } from './glide-url.ts';

// CMS images through Statamic's Glide route, signed (docs/specification.md section 9.5), or from their
// own URL when the site holds no Glide key. Assets nested in
// entries carry no width or height, so every slot has a fixed aspect ratio: the width/height attributes
// give the browser the ratio before the file arrives, and CSS (`aspect-ratio`, `object-fit: cover`)
// crops the image to it.

const WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** `src` for browsers that ignore `srcset`: a size that looks acceptable anywhere. */
const FALLBACK_WIDTH = 960;
const RATIOS = { '16/9': [16, 9], '4/3': [4, 3], '1/1': [1, 1], '3/4': [3, 4] } as const;
export type Aspect = keyof typeof RATIOS;
/** What Statamic's Glide reads (its GD driver's formats); anything else it cannot resize. */
const GLIDE_FORMATS = new Set(['JPG', 'JPEG', 'PNG', 'GIF', 'WEBP']);
/** The attributes only state the ratio; CSS decides the rendered size. */
const ATTRIBUTE_SCALE = 100;

const isAbsolute = (url: string) => url.startsWith('//') || /^[a-z][a-z\d+.-]*:/i.test(url);

/**
 * A CMS file URL as a page may use it. Relative asset URLs hang off `mediaBaseUrl`; absolute ones on the
 * CMS API's origin are moved there too, because the embedded service listens on a loopback address that
 * must never reach a page. Files elsewhere (a CDN, another host) are left as they are.
 */
export const mediaHref = (url: string): string => {
  const { mediaBaseUrl, cmsOrigin } = getSiteServices();
  if (!isAbsolute(url)) return `${mediaBaseUrl}${url.startsWith('/') ? '' : '/'}${url}`;
  const parsed = new URL(url, cmsOrigin);
  return parsed.origin === cmsOrigin ? `${mediaBaseUrl}${parsed.pathname}${parsed.search}` : parsed.href;
};

/** The URL of a downloadable file (PDF and the like), at its natural size. */
export const fileUrl = (asset: Asset): string => mediaHref(asset.url);

/** The name a file is known by when the CMS gives it no title: the last part of its URL. */
export const fileName = (asset: Asset): string => {
  const last = asset.url.split(/[?#]/)[0]?.split('/').at(-1) || asset.url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

/** `PDF` for `…/report.pdf`; null when the URL has no extension. */
export const fileType = (asset: Asset): string | null =>
  /\.([a-z\d]{1,5})$/i.exec(fileName(asset))?.[1]?.toUpperCase() ?? null;

export const CmsImage = ({
  asset,
  sizes,
  aspect,
  priority = false,
  className,
}: {
  asset: Asset;
  /** How wide the slot is in each layout, e.g. `(min-width: 48rem) 50vw, 100vw`. */
  sizes: string;
  aspect: Aspect;
  /** Above the fold (a hero): requested at once and early. Everything else loads when it comes near. */
  priority?: boolean;
  className?: string;
}) => {
  const [ratioWidth, ratioHeight] = RATIOS[aspect];
  // Glide resizes the CMS's own raster files only; a vector (SVG) or an image hosted elsewhere is shown
  // as it is.
  const signed = isAbsolute(asset.url) || !GLIDE_FORMATS.has(fileType(asset) ?? '') ? null : glideImage(asset.url);
  const glide = signed && ((width: number) => signed({ w: String(width), fm: 'webp' }));
  const timing = priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const };
  return (
    <img
      className={['cms-image', `cms-image--${aspect.replace('/', 'x')}`, className].filter(Boolean).join(' ')}
      src={glide ? glide(FALLBACK_WIDTH) : mediaHref(asset.url)}
      srcSet={glide ? WIDTHS.map((width) => `${glide(width)} ${width}w`).join(', ') : undefined}
      sizes={glide ? sizes : undefined}
      width={ratioWidth * ATTRIBUTE_SCALE}
      height={ratioHeight * ATTRIBUTE_SCALE}
      // Alt text is the editor's; an asset without one is treated as decorative.
      alt={asset.alt ?? ''}
      {...timing}
      // Decoded off the frame: otherwise the frame after the first paint waits for the image's decode
      // and raster, and the page's main thread with it (a hero: 9 against 41 ms, median of eight loads).
      decoding="async"
    />
  );
};
