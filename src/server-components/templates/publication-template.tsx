import type { ReactNode } from 'react';
import { getRequestContext } from '../../render/request-context.ts';
import type { Publication } from '../../cms/types.ts';
import { getTranslate } from '../../i18n/request-translate.ts';
import { fileName, fileUrl } from '../media/image.tsx';
import { EntryLayout } from './entry-layout.tsx';
import { formattedDate } from './formatted-date.tsx';

export const PublicationTemplate = ({ entry, breadcrumbs }: { entry: Publication; breadcrumbs?: ReactNode }) => {
  const { locale } = getRequestContext();
  const t = getTranslate();
  const file = entry.file?.url ? entry.file : null;
  return (
    <EntryLayout
      breadcrumbs={breadcrumbs}
      title={entry.title}
      kind="publication"
      intro={entry.intro}
      image={entry.image}
      content={entry.content}
      facts={[
        { label: t('type'), value: entry.publication_type?.title },
        { label: t('date'), value: formattedDate(entry.publication_date, locale) },
      ]}
    >
      {file ? (
        <p className="entry__download">
          {/* A plain link: the file leaves the app, and the browser downloads or shows it itself. */}
          <a className="button" href={fileUrl(file)} download>
            {t('download')}: {fileName(file)}
          </a>
        </p>
      ) : null}
    </EntryLayout>
  );
};
