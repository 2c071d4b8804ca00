import { getRequestContext } from '../../../server/render/request-context.ts';
import type { Asset } from '../../cms/types.ts';

// CMS images through Statamic's Glide route, in the sizes a layout needs. Every slot has a fixed
// aspect ratio (CSS and the width/height attributes), so nothing shifts while images load.

const WIDTHS = [320, 640, 960, 1280, 1920];
const RATIOS = { '16/9': [16, 9], '4/3': [4, 3], '1/1': [1, 1], '3/4': [3, 4] } as const;
export type Aspect = keyof typeof RATIOS;

export const mediaUrl = (asset: Asset): string => `${getRequestContext().mediaBaseUrl}${asset.url}`;

const glide = (asset: Asset, width: number) => `${getRequestContext().mediaBaseUrl}/img${asset.url}?w=${width}&fm=webp`;

export const CmsImage = ({
  asset,
  aspect,
  sizes,
  priority = false,
  className,
}: {
  asset: Asset;
  aspect: Aspect;
  sizes: string;
  /** Above the fold: loaded at once and early; otherwise lazily. */
  priority?: boolean;
  className?: string;
}) => {
  const [w, h] = RATIOS[aspect];
  return (
    <img
      className={['cms-image', `cms-image--${aspect.replace('/', 'x')}`, className].filter(Boolean).join(' ')}
      src={glide(asset, 960)}
      srcSet={WIDTHS.map((width) => `${glide(asset, width)} ${width}w`).join(', ')}
      sizes={sizes}
      width={w * 100}
      height={h * 100}
      alt={asset.alt ?? ''}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
};
