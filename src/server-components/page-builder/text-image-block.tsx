import type { PageComponent } from '../../cms/types.ts';
import { CmsImage } from '../media/image.tsx';
import { RichText } from '../rich-text.tsx';
import { optionValue } from './fields.ts';
import { BlockHeading } from './heading.tsx';

// Text beside an image from a medium screen on, the image on the side the editor chose; stacked below it.
export const TextImageBlock = ({ block }: { block: Extract<PageComponent, { type: 'text_image' }> }) => {
  const side = optionValue(block.image_position) === 'left' ? 'left' : 'right';
  return (
    <section className={`block block--text-image block--image-${side}`}>
      <div className="block__body">
        <BlockHeading text={block.heading} />
        <RichText html={block.text} headingLevel={block.heading ? 3 : 2} />
      </div>
      {block.image ? (
        <CmsImage
          asset={block.image}
          aspect="4/3"
          sizes="(min-width: 72rem) 35rem, (min-width: 48rem) 50vw, 100vw"
          className="block__image"
        />
      ) : null}
    </section>
  );
};
