import type { PageComponent } from '../../cms/types.ts';
import { CmsImage } from '../media/image.tsx';

export const ImageBlock = ({ block }: { block: Extract<PageComponent, { type: 'image' }> }) =>
  block.image ? (
    <figure className="block block--image">
      <CmsImage asset={block.image} aspect="16/9" sizes="(min-width: 72rem) 70rem, 100vw" />
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  ) : null;
