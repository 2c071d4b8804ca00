import { getSiteServices } from '../../request-context.ts';
import { LottieAnimation } from '../../client-components/lottie-animation.tsx';
import type { PageComponent } from '../../cms/types.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import { mediaHref } from '../media/image.tsx';
import { numberValue } from './fields.ts';
import { BlockHeading } from './heading.tsx';

/** Inline Lottie data: the object, or JSON text when the CMS keeps it in a code or textarea field. */
const inlineData = (value: unknown): object | null => {
  if (typeof value === 'string' && value.trim() !== '') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
};

// A Lottie animation by link or by inline data (docs/specification.md section 1). The client component
// throws on input that breaks the rules; a set from the CMS that breaks them is skipped with a log line
// instead, so one editor's mistake cannot take the page down.
export const AnimationBlock = ({ block }: { block: Extract<PageComponent, { type: 'animation' }> }) => {
  const { log } = getSiteServices();
  const i18n = getI18n();
  const link =
    typeof block.animation_link === 'string' && block.animation_link.trim() !== '' ? block.animation_link.trim() : null;
  const data = inlineData(block.animation_data);
  const speed = numberValue(block.speed) ?? 1;
  if ((link === null) === (data === null) || !(speed > 0)) {
    log.warn(
      { id: block.id, hasLink: link !== null, hasData: data !== null, speed },
      'animation component skipped: it needs exactly one of animation_link and animation_data, and a speed above 0',
    );
    return null;
  }
  return (
    <section className="block block--animation">
      <BlockHeading text={block.heading} />
      <LottieAnimation
        // The file is fetched by the browser, so it must be a URL the page may use (never loopback).
        {...(link !== null ? { animationLink: mediaHref(link) } : { animationData: data ?? undefined })}
        loop={block.loop ?? true}
        autoplay={block.autoplay ?? true}
        speed={speed}
        label={block.heading ? i18n._('animation_label', { title: block.heading }) : i18n._('animation')}
        playLabel={i18n._('animation_play')}
        pauseLabel={i18n._('animation_pause')}
      />
    </section>
  );
};
