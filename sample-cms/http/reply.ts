import { createHash } from 'node:crypto';

// Responses as values: handlers return a Reply and the server writes it, so handlers stay easy to test.

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const JSON_HEADERS = {
  'Content-Type': 'application/json',
  // Laravel's default for API responses: never stored by shared caches.
  'Cache-Control': 'no-cache, private',
};

export const jsonReply = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { ...JSON_HEADERS, ...headers },
  body: Buffer.from(JSON.stringify(value)),
});

export const notFound = (): Reply => jsonReply(404, { message: 'Not found.' });

/** A file response with a strong ETag, cacheable by browsers and CDNs. */
export const fileReply = (body: Buffer, contentType: string, maxAgeSeconds: number): Reply => ({
  status: 200,
  headers: {
    'Content-Type': contentType,
    'Cache-Control': `public, max-age=${maxAgeSeconds}`,
    ETag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    'X-Content-Type-Options': 'nosniff',
  },
  body,
});

export const textReply = (status: number, text: string): Reply => ({
  status,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' },
  body: Buffer.from(text),
});
