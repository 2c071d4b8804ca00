import type { Locale } from './common/routes.ts';

// The visitor's language, written by the browser whenever the page it shows is in another language
// than the cookie says: on hydration and on every client navigation. The server never sets it (every
// public page is the same bytes for everyone, which a CDN may share) and never reads it. Exactly
// these attributes: a year, the whole site, sent on top-level navigations from elsewhere, and
// deliberately not `Secure`.

export const LOCALE_COOKIE = 'i18n_redirected';

export const localeCookie = (locale: Locale): string =>
  `${LOCALE_COOKIE}=${locale}; Max-Age=31536000; Path=/; SameSite=Lax`;
