import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Options } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import type { Logger } from 'pino';
import { sendApiError } from '../register/public-api.ts';

// Requests per client and minute on what costs the site work for each request: the searches (pages and
// JSON), the registration pages and the CMS webhook; form posts per client and hour. With Redis the count is shared, so the limit holds across replicas; while
// Redis is away, each request is let through rather than refused (and the count starts again after).
// The client is the connection's address, or the one TRUST_PROXY's proxies vouch for in X-Forwarded-For.

export interface RateLimitSettings {
  /** `/api/architects`, the architect search pages and the registration pages; 0: no limit. */
  architectsPerMinute: number;
  /** `/api/search` and the site search pages; 0: no limit. */
  searchPerMinute: number;
  /** `POST /api/revalidate`; 0: no limit. */
  webhookPerMinute: number;
  /** Form posts (server/forms/form-posts.ts), per hour; 0: no limit. */
  formsPerHour: number;
}

export type LimitName = 'architects' | 'search' | 'webhook' | 'forms';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The Redis store, made to load its scripts whenever Redis is (again) ready: it loads them once, at
 * start, and would otherwise keep failing when Redis was not there yet.
 */
class RecoveringRedisStore extends RedisStore {
  private readonly redis: Redis;

  constructor(redis: Redis, prefix: string) {
    super({ prefix, sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as never });
    this.redis = redis;
  }

  override async init(options: Options): Promise<void> {
    this.redis.on('ready', () => void super.init(options).catch(() => undefined));
    if (this.redis.status === 'ready') await super.init(options).catch(() => undefined);
  }
}

const passThrough: RequestHandler = (_req, _res, next) => next();

export const createRateLimits = ({
  settings,
  redis,
  prefix,
  log,
  onRejected = () => {},
}: {
  settings: RateLimitSettings;
  /** The shared count's Redis, or null for a count per process. */
  redis: Redis | null;
  prefix: string;
  log: Logger;
  onRejected?: (limit: LimitName) => void;
}): Record<LimitName, RequestHandler> => {
  /**
   * `marksOnly`: a refused request goes on marked (`res.locals.rateLimited`), for a route that answers it
   * itself: a form shown again keeps what the visitor typed.
   */
  const limiter = (name: LimitName, perWindow: number, windowMs = MINUTE_MS, marksOnly = false): RequestHandler => {
    if (perWindow <= 0) return passThrough;
    const message =
      windowMs === MINUTE_MS
        ? 'Too many requests. Please wait a minute and try again.'
        : 'Too many requests. Please wait a while and try again.';
    return rateLimit({
      windowMs,
      limit: perWindow,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      identifier: name,
      // A Redis fault lets the request through. The outage itself is logged by the Redis connection.
      passOnStoreError: true,
      logger: {
        error: (error, message) => log.debug({ err: error }, message ?? 'rate limit store failed'),
        warn: (error, message) => log.debug({ err: error }, message ?? 'rate limit warning'),
      },
      // X-Forwarded-For is read only when TRUST_PROXY says so; its presence alone is no configuration error.
      validate: { xForwardedForHeader: false },
      ...(redis
        ? {
            store: new RecoveringRedisStore(redis, `${prefix}rate:${name}:`),
          }
        : {}),
      handler: (req: Request, res: Response, next: NextFunction) => {
        onRejected(name);
        req.log.warn({ limit: name }, 'rate limit reached');
        if (marksOnly) {
          res.locals.rateLimited = true;
          next();
        } else if (req.path.startsWith('/api/') || req.accepts(['html', 'json']) === 'json')
          sendApiError(res, 429, message);
        else res.status(429).type('text/plain').send(`${message}\n`);
      },
    });
  };
  return {
    architects: limiter('architects', settings.architectsPerMinute),
    search: limiter('search', settings.searchPerMinute),
    webhook: limiter('webhook', settings.webhookPerMinute),
    forms: limiter('forms', settings.formsPerHour, HOUR_MS, true),
  };
};
