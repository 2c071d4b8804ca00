import { LOCALE_COOKIE, localeCookie } from '../locale-cookie.ts';
import type { Locale } from '../common/routes.ts';
import { whenIdle } from './when-idle.ts';

const current = (): string | undefined =>
  document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);

const writeUnlessSet = (locale: Locale, value: string | undefined): void => {
  if (value !== locale) document.cookie = localeCookie(locale);
};

/**
 * Writes the locale cookie when it names another language than `locale`'s. Reading `document.cookie`
 * waits for the browser's network process (4 to 13 ms at the first read, measured in Chromium), in the
 * task that hydrates the page: the Cookie Store API asks without waiting, and a browser without it reads
 * when idle. Writing does not wait.
 */
export const writeLocaleCookie = (locale: Locale): void => {
  if ('cookieStore' in window) {
    window.cookieStore.get(LOCALE_COOKIE).then(
      (cookie) => writeUnlessSet(locale, cookie?.value),
      () => writeUnlessSet(locale, undefined),
    );
  } else whenIdle(() => writeUnlessSet(locale, current()));
};
