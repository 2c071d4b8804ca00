import { Suspense } from 'react';
import type { ComponentType as ReactComponent } from 'react';
import { getRequestContext } from '../../../server/render/request-context.ts';
import type { ComponentType, PageComponent } from '../../cms/types.ts';
import { getTranslate } from '../../i18n/request-translate.ts';
import { AccordionBlock } from './accordion-block.tsx';
import { AnimationBlock } from './animation-block.tsx';
import { CallToActionBlock } from './call-to-action-block.tsx';
import { CardsBlock } from './cards-block.tsx';
import { CollectionListBlock } from './collection-list-block.tsx';
import { DownloadsBlock } from './downloads-block.tsx';
import { ImageBlock } from './image-block.tsx';
import { KeyFiguresBlock } from './key-figures-block.tsx';
import { QuoteBlock } from './quote-block.tsx';
import { TeamBlock } from './team-block.tsx';
import { TextBlock } from './text-block.tsx';
import { TextImageBlock } from './text-image-block.tsx';

type Block = ReactComponent<{ block: never }>;

const BLOCKS: Record<ComponentType, Block> = {
  text: TextBlock,
  text_image: TextImageBlock,
  image: ImageBlock,
  quote: QuoteBlock,
  accordion: AccordionBlock,
  cards: CardsBlock,
  call_to_action: CallToActionBlock,
  collection_list: CollectionListBlock as unknown as Block,
  team: TeamBlock as unknown as Block,
  downloads: DownloadsBlock,
  key_figures: KeyFiguresBlock,
  animation: AnimationBlock,
};

/** Blocks that load data of their own: they stream in after the rest of the page. */
const STREAMED: ReadonlySet<string> = new Set(['collection_list', 'team']);

const isKnown = (set: { type: string }): set is PageComponent => set.type in BLOCKS;

/** The page builder (Statamic replicator `components`): each set by its type; unknown types are skipped. */
export const PageBuilder = ({ components }: { components: Array<{ id: string; type: string }> | null | undefined }) => {
  const { log } = getRequestContext();
  const t = getTranslate();
  return (
    <div className="page-builder">
      {(components ?? []).map((set) => {
        if (!isKnown(set)) {
          log.warn({ type: set.type, id: set.id }, 'unknown page-builder component skipped');
          return null;
        }
        const Block = BLOCKS[set.type];
        const block = <Block key={set.id} block={set as never} />;
        return STREAMED.has(set.type) ? (
          <Suspense key={set.id} fallback={<p className="block block--loading">{t('loading')}</p>}>
            {block}
          </Suspense>
        ) : (
          block
        );
      })}
    </div>
  );
};
