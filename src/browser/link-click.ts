import { samePage } from './same-page.ts';

// Whether a click on a link is the browser's to follow (a new tab, a download, another site, a place on
// this page) rather than a client navigation.
export const opensElsewhere = (event: MouseEvent, link: HTMLAnchorElement): boolean =>
  event.defaultPrevented ||
  event.button !== 0 ||
  event.metaKey ||
  event.ctrlKey ||
  event.shiftKey ||
  event.altKey ||
  (link.target !== '' && link.target !== '_self') ||
  link.hasAttribute('download') ||
  link.origin !== window.location.origin ||
  (link.hash !== '' && samePage(link, window.location));
