import { formatter } from '@lingui/format-po';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { LoaderContext } from 'webpack';

// Compiles a Lingui PO catalog (locales/{locale}/messages.po) at build time into the compiled messages
// @lingui/core reads: `export const messages = {...}`. Message ids are explicit keys (`error_500`).
export default async function poLoader(this: LoaderContext<object>, source: string): Promise<string> {
  const locale = /locales[\\/]([a-z]{2})[\\/]/.exec(this.resourcePath)?.[1] ?? null;
  const catalog = await formatter({ explicitIdAsDefault: true }).parse(source, {
    locale,
    sourceLocale: 'en',
    filename: this.resourcePath,
  });
  const messages: Record<string, unknown> = {};
  for (const [id, entry] of Object.entries(catalog)) {
    if (!entry.translation) throw new Error(`${this.resourcePath}: "${id}" has no translation`);
    messages[id] = compileMessageOrThrow(entry.translation);
  }
  return `export const messages = ${JSON.stringify(messages)};`;
}
