import type { PageComponent } from '../../cms/types.ts';
import { RichText } from '../rich-text.tsx';
import { BlockHeading } from './heading.tsx';

// <details>: opens and closes by keyboard and without JavaScript.
export const AccordionBlock = ({ block }: { block: Extract<PageComponent, { type: 'accordion' }> }) => (
  <section className="block block--accordion">
    <BlockHeading text={block.heading} />
    {(block.items ?? []).map((item, index) => (
      <details key={index} className="accordion__item">
        <summary>{item.question}</summary>
        <RichText html={item.answer} />
      </details>
    ))}
  </section>
);
