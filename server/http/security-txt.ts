import { Router } from 'express';
import type { Logger } from 'pino';
import { SHARED_CACHE_CONTROL } from '../cache-control.ts';

// /.well-known/security.txt (RFC 9116; required of Dutch government sites): where to report a
// vulnerability, until when that holds, in which languages, and the policy when there is one. An expiry
// that is near or past is an error in the log once a day and shows in a metric; it never stops the site.

const SECURITY_TXT_PATH = '/.well-known/security.txt';
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long before the expiry the log starts to say so (the alert rule uses the same margin). */
const EXPIRY_WARNING_MS = 30 * DAY_MS;

export interface SecurityTxtSettings {
  /** URIs: mailto:, https: or tel:. */
  contacts: readonly string[];
  expires: Date;
  policyUrl: string | null;
}

const securityTxt = (settings: SecurityTxtSettings, publicUrl: string): string =>
  [
    ...settings.contacts.map((contact) => `Contact: ${contact}`),
    `Expires: ${settings.expires.toISOString()}`,
    'Preferred-Languages: nl, en',
    `Canonical: ${publicUrl}${SECURITY_TXT_PATH}`,
    ...(settings.policyUrl ? [`Policy: ${settings.policyUrl}`] : []),
    '',
  ].join('\n');

/** Without settings (no SECURITY_CONTACT outside production) the file is absent: a 404 that says why. */
export const createSecurityTxt = ({
  settings,
  publicUrl,
}: {
  settings: SecurityTxtSettings | null;
  publicUrl: string;
}): Router => {
  const router = Router();
  const body = settings ? securityTxt(settings, publicUrl) : null;
  router.get(SECURITY_TXT_PATH, (_req, res) => {
    if (body === null) {
      res
        .status(404)
        .set('Cache-Control', 'no-store')
        .type('text/plain')
        .send('No security.txt: SECURITY_CONTACT is not set.\n');
      return;
    }
    res.set('Cache-Control', SHARED_CACHE_CONTROL).type('text/plain').send(body);
  });
  return router;
};

/** Logs an error now and once a day while the expiry is near or past; returns the function that stops it. */
export const warnBeforeSecurityTxtExpires = ({
  expires,
  log,
  now = Date.now,
}: {
  expires: Date;
  log: Logger;
  now?: () => number;
}): (() => void) => {
  const check = () => {
    const left = expires.getTime() - now();
    if (left > EXPIRY_WARNING_MS) return;
    const expiry = expires.toISOString();
    if (left <= 0)
      log.error(
        { expires: expiry },
        'security.txt has expired: set SECURITY_TXT_EXPIRES to a date less than a year ahead',
      );
    else
      log.error(
        { expires: expiry, daysLeft: Math.floor(left / DAY_MS) },
        'security.txt expires soon: set SECURITY_TXT_EXPIRES to a date less than a year ahead',
      );
  };
  check();
  const timer = setInterval(check, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
};
