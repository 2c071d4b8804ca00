import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { ContentSecurityPolicy } from './content-security-policy.ts';

// The security headers of every response (helmet's, made once), with the site's Content Security
// Policy; the page handler replaces the policy on pages that name inline scripts or may be framed
// (previews).

/** Nothing the site uses; everything else a page could ask the browser for is refused. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** Headers a middleware sets, recorded from one run against a stand-in response (helmet's are static). */
const recordHeaders = (middleware: RequestHandler): Array<[string, string]> => {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  middleware({} as Parameters<RequestHandler>[0], recorder as unknown as Parameters<RequestHandler>[1], () => {});
  return [...headers];
};

export interface SecurityHeaders {
  /** The headers in the order they are set; the same on every response. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Sets them. */
  readonly middleware: RequestHandler;
}

export const securityHeaders = (policy: ContentSecurityPolicy): SecurityHeaders => {
  const headers = [
    ...recordHeaders(
      helmet({
        // Set below from the one policy function, so that pages can extend the same policy.
        contentSecurityPolicy: false,
        strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true, preload: true },
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        crossOriginOpenerPolicy: { policy: 'same-origin' },
        crossOriginResourcePolicy: { policy: 'same-origin' },
        xFrameOptions: { action: 'deny' },
      }),
    ),
    // The same for every response that does not name inline scripts: made once.
    ['Content-Security-Policy', policy()],
    ['Permissions-Policy', PERMISSIONS_POLICY],
  ] as const;
  return {
    headers,
    middleware: (_req, res, next) => {
      for (const [name, value] of headers) res.setHeader(name, value);
      next();
    },
  };
};
