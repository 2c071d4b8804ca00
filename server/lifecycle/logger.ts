import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { stdoutLog } from './stdout-log.ts';

// Structured JSON logs on stdout, one object a line, the level by name (`"level":"info"`). Headers that
// carry secrets are never written. With traces on, a line written inside a request names its trace.
// `destination`: elsewhere than stdout (a site in a test keeps its lines in memory); stdout is written as
// server/lifecycle/stdout-log.ts says, so that no reader of the log can keep the process from ending.
export const createLogger = (
  config: Pick<Config, 'logLevel' | 'cms'>,
  traceFields: (() => Record<string, string>) | null = null,
  destination: DestinationStream = stdoutLog(),
): Logger =>
  pino(
    {
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
    },
    destination,
  );
