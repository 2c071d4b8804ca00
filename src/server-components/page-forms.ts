import type { AnyEntry } from '../cms/types.ts';

/**
 * The handles of the forms a page's page builder shows (form-block.tsx renders them): the forms that
 * may be posted to the page, and nowhere else. Only pages have a page builder.
 */
export const formsOf = (found: AnyEntry | undefined): string[] =>
  found?.collection === 'pages'
    ? (found.entry.components ?? []).flatMap((component) =>
        component.type === 'form' && 'form' in component && typeof component.form === 'string' ? [component.form] : [],
      )
    : [];
