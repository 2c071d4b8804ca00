import type { ReactNode } from 'react';
import type { Page } from '../../cms/types.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import { getRequestContext } from '../../request-context.ts';
import { localizedPath } from '../../common/routes.ts';
import { CmsImage } from '../media/image.tsx';
import { displayTitle } from '../../cms/format.ts';
import { PageBuilder } from '../page-builder/page-builder.tsx';
import type { ListPosition } from '../list-page.ts';
import { formattedDate } from './formatted-date.tsx';

/**
 * When the page was last changed, under its content (the list of pages asks for `last_modified`, which
 * Statamic gives the same value); the home page is no document and says nothing.
 */
const LastUpdated = ({ page }: { page: Page }) => {
  const { locale } = getRequestContext();
  const i18n = getI18n();
  const date =
    page.url === localizedPath(locale, '/') ? null : formattedDate(page.updated_at ?? page.last_modified, locale);
  return date ? (
    <p className="entry__updated">
      {`${i18n._('last_updated')} `}
      {date}
    </p>
  ) : null;
};

/**
 * A page: its one h1 and hero (text, and the image above the fold), then the page builder's sets and the
 * date it was last changed. From page 2 of its list on, the h1 says which page it is.
 */
export const PageTemplate = ({
  page,
  breadcrumbs,
  listPosition,
}: {
  page: Page;
  breadcrumbs?: ReactNode;
  listPosition: ListPosition | null;
}) => (
  <article className="entry entry--page">
    {/* Its colours come from the page's theme stylesheet (document.tsx). */}
    <header className={page.hero_image ? 'hero hero--image' : 'hero'}>
      {breadcrumbs}
      <h1 className="hero__title">
        {displayTitle(page.title ?? '')}
        {listPosition ? (
          <span className="hero__page">
            {/* Read on one line ("Actualiteiten – pagina 2 van 4"), shown on two. */}
            <span className="visually-hidden"> – </span>
            {getI18n()._('list_page_of', { page: listPosition.page, pages: listPosition.pages })}
          </span>
        ) : null}
      </h1>
      {page.hero_text ? <p className="hero__text">{page.hero_text}</p> : null}
      {page.hero_image ? (
        <CmsImage
          asset={page.hero_image}
          aspect="16/9"
          sizes="(min-width: 72rem) 70rem, 100vw"
          priority
          className="hero__image"
        />
      ) : null}
    </header>
    <PageBuilder components={page.components} listPage={listPosition?.page ?? 1} />
    <LastUpdated page={page} />
  </article>
);
