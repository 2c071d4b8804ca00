import type { ReactNode } from 'react';
import { getRequestContext } from '../../request-context.ts';
import type { Publication } from '../../cms/types.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import { fileFacts } from '../media/file-facts.ts';
import { fileName, fileUrl } from '../media/image.tsx';
import { EntryLayout } from './entry-layout.tsx';
import { formattedDate } from './formatted-date.tsx';

export const PublicationTemplate = ({ entry, breadcrumbs }: { entry: Publication; breadcrumbs?: ReactNode }) => {
  const { locale } = getRequestContext();
  const i18n = getI18n();
  const file = entry.file?.url ? entry.file : null;
  const facts = file ? fileFacts(file, locale) : null;
  return (
    <EntryLayout
      breadcrumbs={breadcrumbs}
      title={entry.title}
      kind="publication"
      intro={entry.intro}
      image={entry.image}
      content={entry.content}
      facts={[
        { label: i18n._('type'), value: entry.publication_type?.title },
        { label: i18n._('date'), value: formattedDate(entry.publication_date, locale) },
      ]}
    >
      {file ? (
        <p className="entry__download">
          {/* A plain link: the file leaves the app, and the browser downloads or shows it itself. */}
          <a className="button" href={fileUrl(file)} download>
            {/* One text: the button lays out its children side by side. */}
            {`${i18n._('download')}: ${fileName(file)}${facts ? ` (${facts})` : ''}`}
          </a>
        </p>
      ) : null}
    </EntryLayout>
  );
};
