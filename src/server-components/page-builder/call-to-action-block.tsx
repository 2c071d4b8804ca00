import type { PageComponent } from '../../cms/types.ts';
import { CmsLink } from './cms-link.tsx';
import { BlockHeading } from './heading.tsx';

export const CallToActionBlock = ({ block }: { block: Extract<PageComponent, { type: 'call_to_action' }> }) => (
  <section className="block block--cta">
    <BlockHeading text={block.heading} />
    {block.text ? <p className="cta__text">{block.text}</p> : null}
    {block.button_url && block.button_label ? (
      <CmsLink className="button" href={block.button_url}>
        {block.button_label}
      </CmsLink>
    ) : null}
  </section>
);
