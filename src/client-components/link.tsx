'use client';

import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../browser/navigation.ts';

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

/** An internal link: a plain <a> that works without JavaScript, and a client navigation with it. */
export const Link = ({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) => (
  <a
    {...rest}
    href={href}
    onClick={(event) => {
      onClick?.(event);
      if (opensElsewhere(event)) return;
      event.preventDefault();
      navigate(event.currentTarget.href);
    }}
  />
);
