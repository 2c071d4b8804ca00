import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { parseArchitectQuery } from '../../src/common/register-query.ts';
import type { Register } from '../../src/common/register-types.ts';
import { sendProblem } from './public-api.ts';

// GET /api/architects: the architect search as JSON (docs/register-api.md, described by /api/openapi.json);
// errors are problem details.

const REGISTER_UNAVAILABLE = 'The register search is unavailable right now.';

export const createArchitectsApi =
  (register: Register): RequestHandler =>
  async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.set('Allow', 'GET, HEAD, OPTIONS');
      sendProblem(res, 405, 'Only GET and HEAD are allowed');
      return;
    }
    const parsed = parseArchitectQuery(new URL(req.originalUrl, 'http://site').searchParams, 'strict');
    if (!parsed.ok) {
      sendProblem(res, 400, parsed.message);
      return;
    }
    try {
      const results = await register.search(parsed.query);
      res.set('Cache-Control', 'public, max-age=60').json(results);
    } catch (error) {
      // docs/specification.md section 7: a failed architect search is only logged; the caller hears it
      // is unavailable.
      (req.log as Logger).error({ err: error }, 'register search failed');
      res.set('Cache-Control', 'no-store');
      sendProblem(res, 503, REGISTER_UNAVAILABLE);
    }
  };
