'use client';

import type { AnchorHTMLAttributes } from 'react';
import { opensElsewhere } from '../browser/link-click.ts';
import { navigate } from '../browser/navigation.ts';
import { preloadNow, preloadWhenVisible } from '../browser/preload-links.ts';

/**
 * An internal link: a plain <a> that works without JavaScript, and a client navigation with it. Its
 * page's payload is preloaded when it comes into view or the pointer or focus reaches it.
 */
export const Link = ({
  href,
  onClick,
  onMouseEnter,
  onFocus,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) => (
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
      if (opensElsewhere(event.nativeEvent, event.currentTarget)) return;
      event.preventDefault();
      void navigate(event.currentTarget.href);
    }}
  />
);
