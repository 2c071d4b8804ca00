import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Lingui's workflow over the UI text: `npm run messages` extracts every `i18n._('id')` of src/ into the
// catalogs (locales/{locale}/messages.po), drops ids no code uses, and reports what is not translated;
// tests/unit/messages.test.ts fails when the catalogs are not what extraction makes of the code.
// Ids are explicit keys (`error_500`); the build compiles the catalogs (scripts/webpack/po-loader.ts).
export default defineConfig({
  locales: ['nl', 'en'],
  sourceLocale: 'en',
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  format: formatter({ explicitIdAsDefault: true, origins: false, lineNumbers: false }),
  orderBy: 'messageId',
});
