import { Link } from '../../client-components/link.tsx';
import type { PageComponent } from '../../cms/types.ts';
import { BlockHeading } from './heading.tsx';

export const CallToActionBlock = ({ block }: { block: Extract<PageComponent, { type: 'call_to_action' }> }) => (
  <section className="block block--cta">
    <BlockHeading text={block.heading} />
    {block.text ? <p>{block.text}</p> : null}
    {block.button_url && block.button_label ? (
      <Link className="button" href={block.button_url}>
        {block.button_label}
      </Link>
    ) : null}
  </section>
);
