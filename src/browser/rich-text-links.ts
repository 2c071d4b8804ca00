import { opensElsewhere } from './link-click.ts';
import { navigate } from './navigation.ts';

// Links inside CMS rich text are plain HTML; a click on one to another page of the site is a client
// navigation like any Link's.
export const followRichTextLinks = (): (() => void) => {
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('.rich-text a[href]') : null;
    if (!link || opensElsewhere(event, link)) return;
    event.preventDefault();
    void navigate(link.href);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
};
