import { Link } from '../../client-components/link.tsx';
import { getTranslate } from '../../i18n/request-translate.ts';
import type { Translate } from '../../i18n/translate.ts';
import { localizedPath } from '../../routes.ts';
import type { Locale } from '../../routes.ts';

/** `Page Not Found` for 404, otherwise `Internal Server Error` with the status code (SPEC section 2). */
export const errorHeading = (t: Translate, status: number): string =>
  status === 404 ? t('error_page_not_found') : `${t('error_internal')} ${status}`;

export const ErrorPage = ({ status, message, locale }: { status: number; message: string; locale: Locale }) => {
  const t = getTranslate();
  const heading = errorHeading(t, status);
  return (
    <article className="error-page">
      <h1>{heading}</h1>
      <p className="error-page__message">{message}</p>
      <p>
        <Link href={localizedPath(locale, '/')}>{t('back_to_home')}</Link>
      </p>
    </article>
  );
};
