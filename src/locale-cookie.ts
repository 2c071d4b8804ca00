import type { Locale } from './routes.ts';

// The visitor's language (SPEC section 9), written by the server on full page loads and by the browser
// when a client navigation changes the language. Exactly these attributes (DESIGN.md section 5): a
// year, the whole site, sent on top-level navigations from elsewhere, and deliberately not `Secure`.

export const LOCALE_COOKIE = 'i18n_redirected';

export const localeCookie = (locale: Locale): string => `${LOCALE_COOKIE}=${locale}; Max-Age=31536000; Path=/; SameSite=Lax`;
