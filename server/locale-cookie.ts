import type { Request, Response } from 'express';
import type { Locale } from '../src/routes.ts';

export const LOCALE_COOKIE = 'i18n_redirected';

// Exactly these attributes (DESIGN.md section 5): a year, the whole site, sent on top-level
// navigations from elsewhere, and deliberately not `Secure`.
export const localeCookie = (locale: Locale): string =>
  `${LOCALE_COOKIE}=${locale}; Max-Age=31536000; Path=/; SameSite=Lax`;

/** Stores the response's locale in the cookie when the cookie says otherwise. */
export const applyLocaleCookie = (req: Request, res: Response, locale: Locale): void => {
  const cookies = req.cookies as Record<string, string | undefined> | undefined;
  if (cookies?.[LOCALE_COOKIE] !== locale) res.append('Set-Cookie', localeCookie(locale));
};
