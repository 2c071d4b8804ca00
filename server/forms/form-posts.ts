import express from 'express';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { FORM_RESULT_PARAM } from '../../src/common/form-results.ts';
import {
  HONEYPOT_FIELD,
  TITLE_MISUSE_FORM,
  reportValues,
  validateReport,
} from '../../src/common/title-misuse-report.ts';
import type { FormSubmissionState } from '../../src/common/contract.ts';
import { FORM_ANSWER_CACHE_CONTROL } from '../cache-control.ts';
import type { FormDelivery } from './form-delivery.ts';
import { sameOriginPosts } from './same-origin.ts';

// A form is posted to the page that shows it (`POST /de-wet/titelmisbruik-melden`), as a urlencoded
// form without JavaScript or as JSON with it (`Accept: application/json`). In order: the origin (403),
// the body and its bound (413), the form's handle (400), the rate limit (429), the honeypot (answered as
// accepted, dropped, logged), the validation (422), then the delivery. A browser without JavaScript gets
// 303 to the page with `?status=received|saved`, or on 422, 429 and 503 the page with the form again
// (what was typed, and what went wrong); a script gets JSON `{result}`, `{errors}` or `{error}`. No answer
// is stored anywhere.

/** The largest body taken: every field at its bound, in multi-byte characters, percent-encoded. */
const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/** The page's own path, never one that reads as another host (`//host`) in Location. */
const ownPath = (path: string) => `/${path.replace(/^\/+/, '')}`;

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

const sendStatus = (res: Response, status: number, message: string) => {
  res.status(status).set('Cache-Control', FORM_ANSWER_CACHE_CONTROL);
  if (wantsJson(res.req)) res.json({ error: message });
  else res.type('text/plain').send(`${status} ${message}\n`);
};

/** The body parsers' refusals (too large, malformed) as short answers. */
const bodyErrors: ErrorRequestHandler = (error: { status?: number; type?: string }, req, res, next) => {
  if (error.status === 413) return sendStatus(res, 413, `The form may be at most ${FORM_BODY_LIMIT_BYTES} bytes.`);
  if (error.status && error.status < 500) {
    req.log.warn({ type: error.type }, 'a form post could not be read');
    return sendStatus(res, error.status, 'The form could not be read.');
  }
  next(error);
};

export const createFormPosts = ({
  delivery,
  rateLimit,
  publicUrl,
  showAgain,
}: {
  delivery: FormDelivery;
  rateLimit: RequestHandler;
  publicUrl: string;
  /** Renders the page of the request with the form shown again (the page handler). */
  showAgain: RequestHandler;
}): RequestHandler => {
  const shown = (req: Request, res: Response, state: FormSubmissionState) => {
    res.locals.formSubmission = state;
    return showAgain(req, res, () => sendStatus(res, 500, 'The page could not be shown.'));
  };

  const handle: RequestHandler = async (req, res) => {
    res.set('Cache-Control', FORM_ANSWER_CACHE_CONTROL);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const handle = body.form;
    if (handle !== TITLE_MISUSE_FORM) return sendStatus(res, 400, 'No such form.');
    const json = wantsJson(req);
    if (res.locals.rateLimited === true) {
      if (json) return res.status(429).json({ error: 'Too many reports from this address; try again later.' });
      return shown(req, res, { handle, values: reportValues(body), errors: {}, status: 429 });
    }
    const answer = (result: string) => {
      if (json) return res.json({ result });
      res.redirect(303, `${ownPath(req.path)}?${FORM_RESULT_PARAM}=${result}`);
    };

    const trap = body[HONEYPOT_FIELD];
    if (typeof trap === 'string' && trap !== '') {
      req.log.warn({ form: handle }, 'a form post filled in the honeypot; it was dropped');
      return answer('received');
    }
    const checked = validateReport(body);
    if (!checked.ok) {
      if (json) return res.status(422).json({ errors: checked.errors });
      return shown(req, res, { handle, values: checked.values, errors: checked.errors, status: 422 });
    }
    const result = await delivery.submit(handle, { ...checked.report });
    if (result !== 'lost') return answer(result);
    if (json) return res.status(503).json({ error: 'The report could not be sent; try again later.' });
    return shown(req, res, { handle, values: checked.report, errors: {}, status: 503 });
  };

  const router = express.Router();
  router.use(
    sameOriginPosts(publicUrl),
    rateLimit,
    express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT_BYTES, parameterLimit: 32 }),
    express.json({ limit: FORM_BODY_LIMIT_BYTES }),
    handle,
    bodyErrors,
  );
  return router;
};
