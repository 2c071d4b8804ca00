import { createHash, timingSafeEqual } from 'node:crypto';
import express from 'express';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { tagsOfChange } from '../../src/common/cms-dependencies.ts';
import type { CdnPurger } from '../cdn/cdn-purger.ts';
import type { SurrogateKeys } from '../render/surrogate-keys.ts';
import { readContentChange } from './content-change.ts';
import type { Invalidator } from './invalidator.ts';

// POST /api/revalidate: the CMS says what changed (docs/statamic.md: Revalidation), and what depends on it is
// dropped here and on every replica. The caller shows the shared secret as `Authorization: Bearer …`;
// nothing is read or dropped without it. With a CDN configured, this replica (the one the CMS called, not
// every replica) has it purge the change's keys, after the answer.

/** The CMS webhook's path (docs/statamic.md: Revalidation). */
export const REVALIDATE_API_PATH = '/api/revalidate';

/** Bodies are a few fields; anything much larger is not a change notice. */
const BODY_LIMIT = '4kb';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, which have one length, so that the time taken says nothing about the secret. */
const sameSecret = (given: string, secret: Buffer) => timingSafeEqual(digest(given), secret);

export const createRevalidateApi = ({
  secret,
  invalidator,
  surrogateKeys,
  cdn,
}: {
  secret: string;
  invalidator: Invalidator;
  surrogateKeys: SurrogateKeys;
  /** The CDN purged for each change; null: none (whatever calls the webhook may purge the answer's keys). */
  cdn: CdnPurger | null;
}): Array<RequestHandler | ErrorRequestHandler> => {
  const expected = digest(secret);

  const authenticate: RequestHandler = (req, res, next) => {
    const [scheme, given] = (req.get('Authorization') ?? '').split(' ');
    if (scheme === 'Bearer' && given && sameSecret(given, expected)) return next();
    req.log.warn('revalidation refused: wrong or missing secret');
    res
      .status(401)
      .set('WWW-Authenticate', 'Bearer')
      .json({ error: 'A valid Authorization: Bearer <REVALIDATE_SECRET> header is required.' });
  };

  const parseBody = express.json({ limit: BODY_LIMIT, strict: true, type: () => true });

  const rejectBody: ErrorRequestHandler = (error: { type?: string; status?: number }, _req, res, next) => {
    if (error.type === 'entity.too.large')
      return res.status(413).json({ error: `The body must be at most ${BODY_LIMIT}.` });
    if (error.status === 400 || error.type === 'entity.parse.failed')
      return res.status(400).json({ error: 'The body must be a JSON object naming a change.' });
    next(error);
  };

  const revalidate: RequestHandler = async (req, res) => {
    const read = readContentChange(req.body);
    if ('error' in read) {
      res.status(400).json({ error: `Malformed change: ${read.error}` });
      return;
    }
    const dropped = await invalidator.contentChanged(read.change);
    req.log.info({ change: read.change, dropped }, 'content changed');
    // What a CDN in front purges by (the pages' Surrogate-Key and Cache-Tag headers).
    const purge = surrogateKeys.ofChange(tagsOfChange(read.change));
    res.status(202).set('Cache-Control', 'no-store').json({ change: read.change, dropped, purge });
    cdn?.purge(purge);
  };

  return [authenticate, parseBody, rejectBody, revalidate];
};
