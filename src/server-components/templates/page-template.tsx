import type { CSSProperties, ReactNode } from 'react';
import type { Page } from '../../cms/types.ts';
import { themeColour } from '../../page-theme.ts';
import { CmsImage } from '../media/image.tsx';
import { displayTitle } from '../format.ts';
import { PageBuilder } from '../page-builder/page-builder.tsx';

/** The page's colours from the CMS, on its hero; only values that are colours. */
const heroTheme = (theme: Page['theme']): CSSProperties | undefined => {
  const bg = themeColour(theme?.bg) ?? undefined;
  const text = themeColour(theme?.text) ?? undefined;
  return bg || text ? ({ '--hero-bg': bg, '--hero-text': text } as CSSProperties) : undefined;
};

/** A page: its one h1 and hero (text, and the image above the fold), then the page builder's sets. */
export const PageTemplate = ({ page, breadcrumbs }: { page: Page; breadcrumbs?: ReactNode }) => (
  <article className="entry entry--page">
    <header className={page.hero_image ? 'hero hero--image' : 'hero'} style={heroTheme(page.theme)}>
      {breadcrumbs}
      <h1 className="hero__title">{displayTitle(page.title ?? '')}</h1>
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
    <PageBuilder components={page.components} />
  </article>
);
