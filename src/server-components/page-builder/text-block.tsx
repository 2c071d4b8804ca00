import type { PageComponent } from '../../cms/types.ts';
import { RichText } from '../rich-text.tsx';
import { BlockHeading } from './heading.tsx';

export const TextBlock = ({ block }: { block: Extract<PageComponent, { type: 'text' }> }) => (
  <section className="block block--text">
    <BlockHeading text={block.heading} />
    <RichText html={block.text} headingLevel={block.heading ? 3 : 2} />
  </section>
);
