// Lingui PO catalogs, compiled at build time by scripts/webpack/po-loader.ts.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
