import { getRequestContext } from '../../../server/render/request-context.ts';
import type { Publication } from '../../cms/types.ts';
import { getTranslate } from '../../i18n/request-translate.ts';
import { formatDate } from '../format.ts';
import { mediaUrl } from '../media/image.tsx';
import { EntryLayout } from './entry-layout.tsx';

export const PublicationTemplate = ({ entry }: { entry: Publication }) => {
  const { locale } = getRequestContext();
  const t = getTranslate();
  const file = entry.file;
  return (
    <EntryLayout
      title={entry.title}
      kind="publication"
      intro={entry.intro}
      image={entry.image}
      content={entry.content}
      facts={[
        { label: t('type'), value: entry.publication_type?.title },
        {
          label: t('date'),
          value: entry.publication_date ? <time dateTime={entry.publication_date}>{formatDate(entry.publication_date, locale)}</time> : null,
        },
      ]}
    >
      {file ? (
        <p className="entry__download">
          <a className="button" href={mediaUrl(file)} download>
            {t('download')}: {decodeURIComponent(file.url.split('/').at(-1) ?? file.url)}
          </a>
        </p>
      ) : null}
    </EntryLayout>
  );
};
