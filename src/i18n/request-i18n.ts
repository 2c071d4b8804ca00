import 'server-only';
import { getRequestContext } from '../request-context.ts';
import { i18nFor } from './i18n.ts';
import type { I18n } from './i18n.ts';

/** The catalog of the current request's locale, for server components. */
export const getI18n = (): I18n => i18nFor(getRequestContext().locale);
