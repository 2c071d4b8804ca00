import type { IncomingMessage } from 'node:http';

// The body of an edit or a form submission: small JSON or form data, so a larger one is refused (413)
// rather than held in memory.

export const BODY_LIMIT_BYTES = 64 * 1024;

/** The body as text, or null when it is larger than BODY_LIMIT_BYTES. */
export const readBody = async (request: IncomingMessage): Promise<string | null> => {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
};
