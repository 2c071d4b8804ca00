import 'server-only';
import { setupI18n } from '@lingui/core';
import type { I18n } from '@lingui/core';
import { messages as en } from '../../locales/en/messages.po';
import { messages as nl } from '../../locales/nl/messages.po';
import type { Locale } from '../common/routes.ts';

// UI text from the Lingui catalogs in locales/. Server components translate with `i18n._('id')`, the
// call Lingui's extractor finds (`npm run messages`); client components get the translated strings as
// props.

export type { I18n };

const catalogs: Record<Locale, I18n> = {
  nl: setupI18n({ locale: 'nl', messages: { nl } }),
  en: setupI18n({ locale: 'en', messages: { en } }),
};

export const i18nFor = (locale: Locale): I18n => catalogs[locale];
