import { getRequestContext } from '../../../server/render/request-context.ts';
import { LottieAnimation } from '../../client-components/lottie-animation.tsx';
import type { PageComponent } from '../../cms/types.ts';
import { BlockHeading } from './heading.tsx';

/** A file of the CMS as the site serves it (the embedded service's files come through the site). */
const siteMediaUrl = (link: string): string => {
  const { cmsOrigin, mediaBaseUrl } = getRequestContext();
  const url = new URL(link, cmsOrigin);
  return url.origin === cmsOrigin ? `${mediaBaseUrl}${url.pathname}${url.search}` : url.href;
};

export const AnimationBlock = ({ block }: { block: Extract<PageComponent, { type: 'animation' }> }) => (
  <section className="block block--animation">
    <BlockHeading text={block.heading} />
    <LottieAnimation
      {...(block.animation_link ? { animationLink: siteMediaUrl(block.animation_link) } : {})}
      {...(block.animation_data ? { animationData: block.animation_data } : {})}
      loop={block.loop ?? true}
      autoplay={block.autoplay ?? true}
      speed={block.speed ?? 1}
      label={block.heading ?? ''}
    />
  </section>
);
