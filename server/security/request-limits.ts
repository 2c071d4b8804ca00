import type { RequestHandler } from 'express';

// Bounds on what a request may carry before any route reads it. A URL up to MAX_URL_LENGTH reaches its
// route, which validates its own parameters (a 10 KB search term: 400); a longer one is refused whole.
// Bodies are read only by the routes that take one, each with its own bound.

const MAX_URL_LENGTH = 16 * 1024;
const MAX_QUERY_PARAMETERS = 64;
/** Node's own bound on the request head, above MAX_URL_LENGTH so that this check answers first. */
export const MAX_HEADER_BYTES = 64 * 1024;

export const requestLimits: RequestHandler = (req, res, next) => {
  if (req.url.length > MAX_URL_LENGTH) {
    res.status(414).type('text/plain').send(`414 URI Too Long: at most ${MAX_URL_LENGTH} characters\n`);
    return;
  }
  const queryStart = req.url.indexOf('?');
  if (queryStart !== -1 && req.url.slice(queryStart + 1).split('&').length > MAX_QUERY_PARAMETERS) {
    res.status(400).type('text/plain').send(`400 Bad Request: at most ${MAX_QUERY_PARAMETERS} query parameters\n`);
    return;
  }
  next();
};
