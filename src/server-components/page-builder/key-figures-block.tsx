import type { PageComponent } from '../../cms/types.ts';
import { rowKey, rowsOf } from './fields.ts';

// A description list: each figure is read as its label, then its value; CSS shows the value large, on top.
export const KeyFiguresBlock = ({ block }: { block: Extract<PageComponent, { type: 'key_figures' }> }) => {
  const items = rowsOf(block.items).filter((item) => item.value && item.label);
  if (items.length === 0) return null;
  return (
    <section className="block block--key-figures">
      <dl className="key-figures">
        {items.map((item, index) => (
          <div key={rowKey(item, index)} className="key-figures__item">
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
};
