import type { PageComponent } from '../../cms/types.ts';
import { getRequestContext } from '../../request-context.ts';
import { fileFacts } from '../media/file-facts.ts';
import { fileName, fileUrl } from '../media/image.tsx';
import { rowsOf } from './fields.ts';
import { BlockHeading } from './heading.tsx';

// Files are plain links: they leave the app, and the browser downloads or shows them itself.
export const DownloadsBlock = ({ block }: { block: Extract<PageComponent, { type: 'downloads' }> }) => {
  const files = rowsOf(block.files).filter((file) => typeof file.url === 'string' && file.url !== '');
  if (files.length === 0) return null;
  const { locale } = getRequestContext();
  return (
    <section className="block block--downloads">
      <BlockHeading text={block.heading} />
      <ul className="downloads">
        {files.map((file) => {
          const facts = fileFacts(file, locale);
          return (
            <li key={file.id || file.url} className="downloads__item">
              <a className="downloads__link" href={fileUrl(file)} download>
                <span className="downloads__name">{file.alt || fileName(file)}</span>
                {facts ? <span className="downloads__type">{` (${facts})`}</span> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
};
