import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { getSiteServices } from '../../request-context.ts';
import type { ComponentType, PageComponent } from '../../cms/types.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import { HydratedApart } from '../hydrated-apart.tsx';
import { AccordionBlock } from './accordion-block.tsx';
import { AnimationBlock } from './animation-block.tsx';
import { CallToActionBlock } from './call-to-action-block.tsx';
import { CardsBlock } from './cards-block.tsx';
import { CollectionListBlock } from './collection-list-block.tsx';
import { DownloadsBlock } from './downloads-block.tsx';
import { FormBlock } from './form-block.tsx';
import { ImageBlock } from './image-block.tsx';
import { KeyFiguresBlock } from './key-figures-block.tsx';
import { pagedListOf } from './listed-entries.ts';
import { QuoteBlock } from './quote-block.tsx';
import { TeamBlock } from './team-block.tsx';
import { TextBlock } from './text-block.tsx';
import { TextImageBlock } from './text-image-block.tsx';

// The page builder (the Statamic replicator field `components`): each set rendered by its type.

type Block<T extends ComponentType> = (props: {
  block: Extract<PageComponent, { type: T }>;
  /** For the page's paged list only (`pagedListOf`): the page of it to show. */
  page?: number | undefined;
}) => ReactNode | Promise<ReactNode>;

const BLOCKS: { [T in ComponentType]: Block<T> } = {
  text: TextBlock,
  text_image: TextImageBlock,
  image: ImageBlock,
  quote: QuoteBlock,
  accordion: AccordionBlock,
  cards: CardsBlock,
  call_to_action: CallToActionBlock,
  collection_list: CollectionListBlock,
  team: TeamBlock,
  downloads: DownloadsBlock,
  key_figures: KeyFiguresBlock,
  animation: AnimationBlock,
  form: FormBlock,
};

/**
 * Blocks that load data of their own. They cannot change the page's status (docs/specification.md
 * section 9.1), so they stream in after the shell, and each shows its own error text when its data fails.
 */
const STREAMED: ReadonlySet<ComponentType> = new Set(['collection_list', 'team']);

// `in` would also accept `constructor` and the other names an object inherits.
const isKnown = (set: { type: string }): set is PageComponent => Object.hasOwn(BLOCKS, set.type);

const isSet = (value: unknown): value is { id?: unknown; type: string } =>
  typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';

const renderBlock = <T extends ComponentType>(
  block: Extract<PageComponent, { type: T }>,
  key: string,
  page: number | undefined,
) => {
  // TypeScript cannot follow the pairing of a type and its block through an index; the table's type states it.
  const Component = BLOCKS[block.type] as Block<T>;
  return <Component key={key} block={block} page={page} />;
};

export const PageBuilder = ({
  components,
  listPage = 1,
}: {
  components: ReadonlyArray<PageComponent | { id: string; type: string }> | null | undefined;
  /** The page of the page's paged list to show (`?pagina=N`, checked by the page resolution). */
  listPage?: number;
}) => {
  const { log } = getSiteServices();
  const i18n = getI18n();
  const sets: unknown[] = Array.isArray(components) ? components : [];
  const paged = pagedListOf(components);
  return (
    <div className="page-builder">
      {sets.map((set, index) => {
        if (!isSet(set) || !isKnown(set)) {
          // A set type this site does not know yet (added in the CMS first) must not break the page.
          const unknown = set as { id?: unknown; type?: unknown } | null;
          log.warn({ type: unknown?.type, id: unknown?.id }, 'unknown page-builder component skipped');
          return null;
        }
        // Statamic gives old content `id: null`; the position keeps such keys unique.
        const key = typeof set.id === 'string' && set.id !== '' ? set.id : `${set.type}-${index}`;
        const page = set === paged ? listPage : undefined;
        if (!STREAMED.has(set.type)) {
          // The first set is above the fold; the others are hydrated one by one.
          return index === 0 ? (
            renderBlock(set, key, page)
          ) : (
            <HydratedApart key={key}>{renderBlock(set, key, page)}</HydratedApart>
          );
        }
        return (
          <Suspense key={key} fallback={<p className="block block--loading">{i18n._('loading')}</p>}>
            {renderBlock(set, key, page)}
          </Suspense>
        );
      })}
    </div>
  );
};
