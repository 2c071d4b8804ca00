import { preload } from './navigation.ts';
import { whenIdle } from './when-idle.ts';

// Links in view have their page's payload preloaded when the browser is idle (at most four pending,
// see payload-fetch.ts); not when the visitor asked to save data.

const saveData = (): boolean =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

let observer: IntersectionObserver | null = null;

const viewObserver = (): IntersectionObserver =>
  (observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const link = entry.target as HTMLAnchorElement;
      observer?.unobserve(link);
      whenIdle(() => preload(link.href));
    }
  }));

/** Preloads the link's page once it comes into view; returns the cleanup. */
export const preloadWhenVisible = (link: HTMLAnchorElement): (() => void) => {
  if (saveData()) return () => {};
  viewObserver().observe(link);
  return () => observer?.unobserve(link);
};

/** Preloads a link's page when the pointer or the focus reaches it. */
export const preloadNow = (link: HTMLAnchorElement): void => {
  if (!saveData()) preload(link.href);
};
