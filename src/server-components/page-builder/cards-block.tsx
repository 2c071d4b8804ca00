import type { PageComponent } from '../../cms/types.ts';
import { Card } from './card.tsx';
import { BlockHeading } from './heading.tsx';

export const CardsBlock = ({ block }: { block: Extract<PageComponent, { type: 'cards' }> }) => (
  <section className="block block--cards">
    <BlockHeading text={block.heading} />
    <ul className="cards">
      {(block.items ?? []).map((item, index) =>
        item.url && item.title ? (
          <Card key={index} title={item.title} url={item.url} image={item.image}>
            {item.text ? <p>{item.text}</p> : null}
          </Card>
        ) : null,
      )}
    </ul>
  </section>
);
