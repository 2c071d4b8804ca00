import type { PageComponent } from '../../cms/types.ts';

export const QuoteBlock = ({ block }: { block: Extract<PageComponent, { type: 'quote' }> }) =>
  block.quote ? (
    <figure className="block block--quote">
      <blockquote>
        <p>{block.quote}</p>
      </blockquote>
      {block.author ? <figcaption>{block.author}</figcaption> : null}
    </figure>
  ) : null;
