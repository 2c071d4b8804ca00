import { pino } from 'pino';
import type { Logger } from 'pino';
import type { Config } from './config.ts';

// Structured JSON logs on stdout, one object a line, the level by name (`"level":"info"`). Headers that
// carry secrets are never written. With traces on, a line written inside a request names its trace.
export const createLogger = (
  config: Pick<Config, 'logLevel' | 'cms'>,
  traceFields: (() => Record<string, string>) | null = null,
): Logger =>
  pino({
    level: config.logLevel,
    base: { service: 'architectenregister-website' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    ...(traceFields ? { mixin: traceFields } : {}),
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
