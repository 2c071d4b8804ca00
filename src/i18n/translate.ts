import 'server-only';
import { setupI18n } from '@lingui/core';
import type { I18n } from '@lingui/core';
import { messages as en } from '../../locales/en/messages.po';
import { messages as nl } from '../../locales/nl/messages.po';
import type { Locale } from '../routes.ts';

// UI text from the Lingui catalogs in locales/. Server components translate; client components get
// the translated strings as props.

const catalogs: Record<Locale, I18n> = {
  nl: setupI18n({ locale: 'nl', messages: { nl } }),
  en: setupI18n({ locale: 'en', messages: { en } }),
};

export type Translate = (id: string, values?: Record<string, unknown>) => string;

export const translator =
  (locale: Locale): Translate =>
  (id, values) =>
    catalogs[locale]._(id, values);
