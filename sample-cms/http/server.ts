import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { handleAdmin } from './admin.ts';
import type { AdminOptions } from './admin.ts';
import { handleApi, isAuthorized } from './api.ts';
import type { ApiOptions } from './api.ts';
import { serveAsset, serveGlideImage } from './assets.ts';
import { handleFormSubmission } from './forms.ts';
import type { FormSubmissions } from './forms.ts';
import { refuseUnsigned } from './glide-signature.ts';
import { REGISTER_API_PATH, answerRegisterApi } from './register-api.ts';
import { jsonReply, notFound, textReply } from './reply.ts';
import type { Reply } from './reply.ts';
import type { Throttle } from './throttle.ts';
import type { Register } from '../../src/common/register-types.ts';

// The HTTP server: `/api/...` behind the secret header, the asset files and the Glide route in front of it
// (public, as in Statamic), and `/healthz`. Only GET and HEAD exist, but for Statamic's form route
// `POST /!/forms/{handle}`, which here takes the same key (http/forms.ts). Beside the CMS, the register's
// API under `/register`, behind a key of its own (http/register-api.ts). Like Statamic's routes
// (routes/routes.php), the API alone is in Laravel's `api` group and so throttled (after the key is
// checked, as Statamic 6's HandleAuthentication runs outside the group); the Glide route, the form route
// and everything else are not. With a Glide key, the Glide route refuses URLs not signed with it.

export interface ServerOptions extends ApiOptions {
  apiKey: string;
  /** The header that carries the key; Node gives header names in lower case. */
  apiKeyHeader: string;
  /** The edit route under /admin; null: no such route. */
  admin: Omit<AdminOptions, 'store' | 'livePreviews' | 'submissions'> | null;
  submissions: FormSubmissions;
  /** The register's API and its key; null: no such API. */
  register: { apiKey: string; register: Register } | null;
  /** Laravel's `throttle:api` on the API; null: none. */
  throttle: Throttle | null;
  /** The key Glide URLs must be signed with (`image_manipulation.secure`); null: signing off. */
  glideSigningKey: string | null;
}

const FORMS_PREFIX = '/!/forms/';

/** Decoded path segments, or null when the path is not valid percent-encoding. */
const segmentsOf = (path: string): string[] | null => {
  try {
    return path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
};

/** `/register/...`: the key first, as for `/api`, then GET and HEAD only. */
const routeRegister = async (
  { apiKey, register }: NonNullable<ServerOptions['register']>,
  request: IncomingMessage,
  url: URL,
): Promise<Reply> => {
  if (!isAuthorized(request.headers.authorization, `Bearer ${apiKey}`))
    return jsonReply(401, { error: 'unauthorized' });
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return jsonReply(405, { error: 'Only GET and HEAD are allowed' }, { Allow: 'GET, HEAD' });
  const { status, body } = await answerRegisterApi(
    register,
    url.pathname.slice(REGISTER_API_PATH.length),
    url.searchParams,
  );
  return jsonReply(status, body);
};

/** The API's answer, with the throttle's headers or its refusal when there is a throttle. */
const throttledApi = (options: ServerOptions, request: IncomingMessage, answer: () => Reply): Reply => {
  if (!options.throttle) return answer();
  // Laravel's `$request->ip()`: the connection's address (no proxy is trusted here).
  const taken = options.throttle.take(request.socket.remoteAddress ?? '');
  if ('refused' in taken) return taken.refused;
  const reply = answer();
  return { ...reply, headers: { ...reply.headers, ...taken.headers } };
};

const route = (options: ServerOptions, request: IncomingMessage): Reply | Promise<Reply> => {
  const url = new URL(request.url ?? '/', 'http://content-service.invalid');
  const path = url.pathname;
  if (options.register && path.startsWith(`${REGISTER_API_PATH}/`))
    return routeRegister(options.register, request, url);
  const isApi = path === '/api' || path.startsWith('/api/');
  // The key is checked before anything else, so nothing about the content leaks without it.
  if (isApi && !isAuthorized(request.headers[options.apiKeyHeader.toLowerCase()], options.apiKey)) {
    return jsonReply(401, { message: 'Unauthenticated.' });
  }
  if (path.startsWith(FORMS_PREFIX)) {
    if (!isAuthorized(request.headers[options.apiKeyHeader.toLowerCase()], options.apiKey))
      return jsonReply(401, { message: 'Unauthenticated.' });
    const [handle, ...rest] = segmentsOf(path.slice(FORMS_PREFIX.length)) ?? [];
    return handle && rest.length === 0 ? handleFormSubmission(options.submissions, request, handle) : notFound();
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const reply = isApi ? jsonReply(405, { message: 'Method not allowed.' }) : textReply(405, 'Method not allowed.\n');
    return { ...reply, headers: { ...reply.headers, Allow: 'GET, HEAD' } };
  }
  const segments = segmentsOf(path);
  if (isApi)
    return throttledApi(options, request, () =>
      segments === null
        ? notFound()
        : handleApi(options, { segments: segments.slice(1), params: url.searchParams, path: path.replace(/\/+$/, '') }),
    );
  if (segments === null) return textReply(404, 'Not found.\n');
  if (segments[0] === 'assets') return serveAsset(options.context.store, segments.slice(1).join('/'));
  if (segments[0] === 'img')
    return (
      (options.glideSigningKey && refuseUnsigned(options.glideSigningKey, path, url.searchParams)) ||
      serveGlideImage(options.context.store, segments.slice(1).join('/'), url.searchParams)
    );
  if (path === '/healthz') return textReply(200, 'ok\n');
  return textReply(404, 'Not found.\n');
};

const write = (request: IncomingMessage, response: ServerResponse, reply: Reply): void => {
  const etag = reply.headers.ETag;
  if (reply.status === 200 && etag && request.headers['if-none-match'] === etag) {
    response.writeHead(304, { ETag: etag, 'Cache-Control': reply.headers['Cache-Control'] ?? 'no-cache' });
    response.end();
    return;
  }
  response.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(reply.body.length) });
  response.end(request.method === 'HEAD' ? undefined : reply.body);
};

const ADMIN_PREFIX = '/admin/';

export const createContentServer = (options: ServerOptions): Server =>
  createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://content-service.invalid');
    const admin = options.admin && url.pathname.startsWith(ADMIN_PREFIX) ? options.admin : null;
    const answer = async (): Promise<Reply> =>
      admin
        ? handleAdmin(
            {
              ...admin,
              store: options.context.store,
              livePreviews: options.livePreviews,
              submissions: options.submissions,
            },
            request,
            url,
            segmentsOf(url.pathname.slice(ADMIN_PREFIX.length)) ?? [],
          )
        : route(options, request);
    void answer()
      .catch((error: unknown) => {
        console.error('content service: request failed', error);
        return jsonReply(500, { message: 'Server Error' });
      })
      .then((reply) => write(request, response, reply));
  });
