import { pino } from 'pino';
import type { Logger } from 'pino';
import type { Config } from './config.ts';

/** A URL for the log: preview tokens are secrets and never written. */
export const redactUrl = (url: string): string => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

// Structured JSON logs on stdout, one object a line. Headers that carry secrets are never written.
export const createLogger = (config: Pick<Config, 'logLevel' | 'cms'>): Logger =>
  pino({
    level: config.logLevel,
    base: { service: 'architectenregister-website' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        `req.headers["${config.cms.apiKeyHeader.toLowerCase()}"]`,
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  });
