import type { PageComponent } from '../../cms/types.ts';
import { getTranslate } from '../../i18n/request-translate.ts';
import { mediaUrl } from '../media/image.tsx';
import { BlockHeading } from './heading.tsx';

const fileName = (url: string) => decodeURIComponent(url.split('/').at(-1) ?? url);

export const DownloadsBlock = ({ block }: { block: Extract<PageComponent, { type: 'downloads' }> }) => {
  const t = getTranslate();
  return (
    <section className="block block--downloads">
      <BlockHeading text={block.heading} />
      <ul className="downloads">
        {(block.files ?? []).map((file) => (
          <li key={file.id}>
            <a href={mediaUrl(file)} download>
              {file.alt || fileName(file.url)} <span className="visually-hidden">({t('download')})</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
};
