import { STATUS_CODES } from 'node:http';
import type { RequestHandler, Response } from 'express';

// The conventions of the site's public, read-only API (/api/architects, /api/openapi.json), after the NL
// API Design Rules: every answer names the API's version (`API-Version`), any origin may read it (CORS
// for GET, preflight answered), and errors are problem details (RFC 9457).

/** The version of the API as /api/openapi.json describes it; a breaking change raises the major. */
export const API_VERSION = '1.1.0';

const PROBLEM_TYPE = 'application/problem+json';

/** An error as RFC 9457 problem details: `about:blank`, so that the title is the status's own phrase. */
export const sendProblem = (res: Response, status: number, detail: string): void => {
  res
    .status(status)
    .type(PROBLEM_TYPE)
    .send(JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail }));
};

/**
 * An error of an API route made outside the API's own handlers (the rate limit's 429, the 404 of a path
 * under it): problem details where publicReadApi applies, else the site's other APIs' `{error}`.
 */
export const sendApiError = (res: Response, status: number, message: string): void => {
  if (res.locals.problemDetails === true) sendProblem(res, status, message);
  else res.status(status).json({ error: message });
};

/** Mounted before the API's handlers, the rate limit among them, so that their errors are problem details too. */
export const publicReadApi: RequestHandler = (req, res, next) => {
  res.set({
    'API-Version': API_VERSION,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'API-Version, RateLimit, RateLimit-Policy, Retry-After',
  });
  if (req.method === 'OPTIONS') {
    res
      .status(204)
      .set({
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': 'Accept, Accept-Language',
        'Access-Control-Max-Age': '86400',
      })
      .end();
    return;
  }
  res.locals.problemDetails = true;
  next();
};
