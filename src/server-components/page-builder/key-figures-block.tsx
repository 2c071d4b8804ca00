import type { PageComponent } from '../../cms/types.ts';

export const KeyFiguresBlock = ({ block }: { block: Extract<PageComponent, { type: 'key_figures' }> }) => (
  <section className="block block--key-figures">
    <dl className="key-figures">
      {(block.items ?? []).map((item, index) => (
        <div key={index} className="key-figures__item">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  </section>
);
