import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';

// The build id (docs/specification.md section 9.10): one hash over everything that decides what a page
// is, the browser's assets and the RSC and SSR bundles with the catalogs compiled into them, so that
// replicas of two releases never share a cached page. It is the same for the same sources wherever they
// were built: the checkout's own path, which the server bundles and manifests name, counts as one
// placeholder.

export interface BuildOutput {
  /** The file's name, unique across the compilations (for example `client/main.1a2b3c.js`). */
  name: string;
  content: Buffer | string;
}

const ROOT_PLACEHOLDER = '<root>';

// Bytes compared as latin1 text: one character a byte, so any content survives the round trip.
const latin1 = (text: string) => Buffer.from(text).toString('latin1');

/** The content with the checkout's path, as a path or a file URL, replaced by one placeholder. */
export const withoutRoot = (content: Buffer | string, root: string): Buffer => {
  let text = (Buffer.isBuffer(content) ? content : Buffer.from(content)).toString('latin1');
  for (const spelling of [pathToFileURL(root).href, root]) text = text.replaceAll(latin1(spelling), ROOT_PLACEHOLDER);
  return Buffer.from(text, 'latin1');
};

export const buildIdOf = (outputs: Iterable<BuildOutput>, root: string): string => {
  const hash = createHash('sha256');
  const sorted = [...outputs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { name, content } of sorted)
    hash.update(name).update('\0').update(withoutRoot(content, root)).update('\0');
  return hash.digest('hex').slice(0, 16);
};
