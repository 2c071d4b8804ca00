import type { Asset } from '../../cms/types.ts';
import type { Locale } from '../../common/routes.ts';
import { fileType } from './image.tsx';

// What a visitor wants to know before downloading a file: its type and size ("PDF, 1,2 MB"), from the
// CMS's asset fields; a fact the CMS does not send is left out, never shown as 0.

const UNITS = ['B', 'kB', 'MB', 'GB'] as const;
const numberFormats: Record<Locale, Intl.NumberFormat> = {
  nl: new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }),
};

/** Bytes in the largest unit (of 1000) that keeps the number at least 1: `1,2 MB`, `1.2 MB`. */
const fileSize = (bytes: number, locale: Locale): string => {
  const exponent = Math.min(UNITS.length - 1, Math.max(0, Math.floor(Math.log10(bytes) / 3)));
  return `${numberFormats[locale].format(bytes / 1000 ** exponent)} ${UNITS[exponent]}`;
};

/** `PDF, 1,2 MB`, `PDF`, or null when neither the type nor the size is known. */
export const fileFacts = (asset: Asset, locale: Locale): string | null => {
  const type = asset.extension?.toUpperCase() ?? fileType(asset);
  const size = asset.size ? fileSize(asset.size, locale) : null;
  return [type, size].filter(Boolean).join(', ') || null;
};
