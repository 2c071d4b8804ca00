import type { PageComponent } from '../../cms/types.ts';
import { CmsImage } from '../media/image.tsx';
import { RichText } from '../rich-text.tsx';
import { BlockHeading } from './heading.tsx';

export const TextImageBlock = ({ block }: { block: Extract<PageComponent, { type: 'text_image' }> }) => {
  const position = typeof block.image_position === 'object' ? block.image_position?.value : block.image_position;
  return (
    <section className={`block block--text-image block--image-${position === 'left' ? 'left' : 'right'}`}>
      <div className="block__body">
        <BlockHeading text={block.heading} />
        <RichText html={block.text} />
      </div>
      {block.image ? <CmsImage asset={block.image} aspect="4/3" sizes="(min-width: 48rem) 50vw, 100vw" /> : null}
    </section>
  );
};
