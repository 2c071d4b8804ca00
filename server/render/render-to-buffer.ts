import type { Readable } from 'node:stream';
import { newNonce } from '../security/content-security-policy.ts';
import { withoutNonce } from '../security/inline-scripts.ts';
import type { Renderers } from './bundles.ts';
import type { ResolvedPage } from '../../src/common/contract.ts';

// A page rendered whole into memory, for the page cache to refresh an expired page behind the visitor
// it was served to stale. The same render as a visitor's: Flight, then HTML unless the payload is wanted.

const collect = (stream: Readable): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

export const renderToBuffer = async (
  renderers: Renderers,
  page: ResolvedPage,
  kind: 'html' | 'rsc',
): Promise<Buffer> => {
  const flight = page.render();
  if (kind === 'rsc') return collect(flight.stream);
  try {
    // Kept pages are served with the hashes of their inline scripts, and without a nonce.
    const nonce = newNonce();
    return withoutNonce(await collect(await renderers.html.render(flight.stream, { nonce }).html), nonce);
  } catch (error) {
    flight.abort(error);
    throw error;
  }
};
