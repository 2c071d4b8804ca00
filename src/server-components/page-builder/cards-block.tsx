import type { PageComponent } from '../../cms/types.ts';
import { Card } from './card.tsx';
import { rowKey, rowsOf } from './fields.ts';
import { BlockHeading } from './heading.tsx';

export const CardsBlock = ({ block }: { block: Extract<PageComponent, { type: 'cards' }> }) => {
  const items = rowsOf(block.items).filter((item) => item.title);
  if (items.length === 0) return null;
  return (
    <section className="block block--cards">
      <BlockHeading text={block.heading} />
      <ul className="cards">
        {items.map((item, index) => (
          <Card
            key={rowKey(item, index)}
            title={item.title ?? ''}
            url={item.url}
            image={item.image}
            headingLevel={block.heading ? 3 : 2}
          >
            {item.text ? <p className="card__text">{item.text}</p> : null}
          </Card>
        ))}
      </ul>
    </section>
  );
};
