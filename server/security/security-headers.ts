import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { ContentSecurityPolicy } from './content-security-policy.ts';

// The security headers of every response (helmet), with the site's Content Security Policy; the page
// handler replaces the policy on pages that name inline scripts or may be framed (previews).

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

export const securityHeaders = (policy: ContentSecurityPolicy): RequestHandler[] => {
  // The same for every response that does not name inline scripts: made once.
  const basePolicy = policy();
  return [
    helmet({
      // Set below from the one policy function, so that pages can extend the same policy.
      contentSecurityPolicy: false,
      strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true, preload: true },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
    }),
    (_req, res, next) => {
      res.setHeader('Content-Security-Policy', basePolicy);
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      next();
    },
  ];
};
