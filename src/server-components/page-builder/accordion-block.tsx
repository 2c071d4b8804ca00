import type { PageComponent } from '../../cms/types.ts';
import { RichText } from '../rich-text.tsx';
import { rowKey, rowsOf } from './fields.ts';
import { BlockHeading } from './heading.tsx';

// <details>/<summary>: opens and closes with the keyboard and without JavaScript, and the browser's
// find-in-page reaches the closed answers too.
export const AccordionBlock = ({ block }: { block: Extract<PageComponent, { type: 'accordion' }> }) => {
  const items = rowsOf(block.items).filter((item) => item.question);
  if (items.length === 0) return null;
  return (
    <section className="block block--accordion">
      <BlockHeading text={block.heading} />
      <div className="accordion">
        {items.map((item, index) => (
          <details key={rowKey(item, index)} className="accordion__item">
            <summary className="accordion__question">{item.question}</summary>
            <RichText html={item.answer} className="accordion__answer" headingLevel={block.heading ? 3 : 2} />
          </details>
        ))}
      </div>
    </section>
  );
};
