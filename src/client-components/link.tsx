'use client';

import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../browser/navigation.ts';
import { preloadNow, preloadWhenVisible } from '../browser/preload-links.ts';

const opensElsewhere = (event: MouseEvent<HTMLAnchorElement>): boolean =>
  event.defaultPrevented ||
  event.button !== 0 ||
  event.metaKey ||
  event.ctrlKey ||
  event.shiftKey ||
  event.altKey ||
  (event.currentTarget.target !== '' && event.currentTarget.target !== '_self') ||
  event.currentTarget.hasAttribute('download') ||
  event.currentTarget.origin !== window.location.origin ||
  // A link to a place on the current page is the browser's to follow.
  (event.currentTarget.hash !== '' &&
    event.currentTarget.pathname === window.location.pathname &&
    event.currentTarget.search === window.location.search);

/**
 * An internal link: a plain <a> that works without JavaScript, and a client navigation with it. Its
 * page's payload is preloaded when it comes into view or the pointer or focus reaches it.
 */
export const Link = ({ href, onClick, onMouseEnter, onFocus, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) => (
  <a
    {...rest}
    href={href}
    ref={(link) => (link ? preloadWhenVisible(link) : undefined)}
    onMouseEnter={(event) => {
      onMouseEnter?.(event);
      preloadNow(event.currentTarget);
    }}
    onFocus={(event) => {
      onFocus?.(event);
      preloadNow(event.currentTarget);
    }}
    onClick={(event) => {
      onClick?.(event);
      if (opensElsewhere(event)) return;
      event.preventDefault();
      navigate(event.currentTarget.href);
    }}
  />
);
