import { createHash } from 'node:crypto';

// The inline scripts of a rendered page, as CSP hash sources: a kept page is served with these instead
// of a nonce. Data blocks (the inlined Flight payload, JSON-LD) are not scripts to CSP and are skipped.

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const EXECUTABLE_TYPE = /\btype\s*=\s*["']?(?:text\/javascript|module|application\/javascript)["']?/i;

const isInlineScript = (attributes: string) =>
  !/\bsrc\s*=/i.test(attributes) && (!/\btype\s*=/i.test(attributes) || EXECUTABLE_TYPE.test(attributes));

/** The page as it is kept: without the nonce of the response it was rendered for, the same on every replica. */
export const withoutNonce = (html: Buffer, nonce: string): Buffer =>
  Buffer.from(html.toString('utf8').replaceAll(` nonce="${nonce}"`, ''), 'utf8');

export const inlineScriptHashes = (html: string): string[] => {
  const hashes = new Set<string>();
  for (const [, attributes = '', content = ''] of html.matchAll(SCRIPT)) {
    if (isInlineScript(attributes))
      hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
};
