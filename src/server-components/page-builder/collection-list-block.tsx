import { getRequestContext } from '../../../server/render/request-context.ts';
import type { PageComponent } from '../../cms/types.ts';
import { getTranslate } from '../../i18n/request-translate.ts';
import { displayTitle, formatDate } from '../format.ts';
import { Card } from './card.tsx';
import { BlockHeading } from './heading.tsx';

// The newest entries of a collection. Streams in behind Suspense: it cannot change the page's status,
// and a failure shows the error text in its place.
export const CollectionListBlock = async ({ block }: { block: Extract<PageComponent, { type: 'collection_list' }> }) => {
  const { cms, locale, log } = getRequestContext();
  const t = getTranslate();
  if (!block.collection) return null;
  let items;
  try {
    items = await cms.list(block.collection, locale);
  } catch (error) {
    log.error({ err: error, collection: block.collection }, 'collection list could not be loaded');
    return <p role="alert">{t('error_500')}</p>;
  }
  return (
    <section className="block block--collection-list">
      <BlockHeading text={block.heading} />
      <ul className="cards">
        {items.slice(0, block.limit ?? 6).map((item) =>
          item.url ? (
            <Card key={item.id} title={displayTitle(item.title)} url={item.url} image={'image' in item ? item.image : null}>
              {item.date ? <time dateTime={item.date}>{formatDate(item.date, locale)}</time> : null}
              {'intro' in item && item.intro ? <p>{item.intro}</p> : null}
            </Card>
          ) : null,
        )}
      </ul>
    </section>
  );
};
