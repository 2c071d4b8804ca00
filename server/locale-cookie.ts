import type { Request, Response } from 'express';
import { LOCALE_COOKIE, localeCookie } from '../src/locale-cookie.ts';
import type { Locale } from '../src/routes.ts';

/** Stores the response's locale in the cookie when the cookie says otherwise; says whether it did. */
export const applyLocaleCookie = (req: Request, res: Response, locale: Locale): boolean => {
  const cookies = req.cookies as Record<string, string | undefined> | undefined;
  if (cookies?.[LOCALE_COOKIE] === locale) return false;
  res.append('Set-Cookie', localeCookie(locale));
  return true;
};
