import type { ContentStore } from '../content/store.ts';
import type { SiteHandle } from '../content/model.ts';

// What every resource needs to turn stored content into API values: the store, the public base URL that
// absolute URLs start with, and the clock that decides date privacy.

export interface ResourceContext {
  store: ContentStore;
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:4000`. */
  base: string;
  now: () => Date;
}

/** A site-relative URL from a URI: the `en` site lives under `/en`. */
export const siteUrl = (site: SiteHandle, uri: string): string => {
  if (site === 'default') return uri;
  return uri === '/' ? '/en' : `/en${uri}`;
};

export const absoluteUrl = (context: ResourceContext, path: string): string => `${context.base}${path}`;

/** Statamic dates carry microseconds, which `Date.parse` does not accept everywhere. */
export const parseStatamicDate = (value: string): number => Date.parse(value.replace(/\.(\d{3})\d*Z$/, '.$1Z'));
