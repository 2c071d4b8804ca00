import { randomUUID } from 'node:crypto';
import express from 'express';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import {
  FORM_REFERENCE_PARAM,
  FORM_RESULT_PARAM,
  REFERENCE_FIELD,
  REPEAT_FIELD,
  SUBMISSION_FIELD,
  submissionReference,
} from '../../src/common/form-results.ts';
import {
  HONEYPOT_FIELD,
  TITLE_MISUSE_FORM,
  reportValues,
  validateReport,
} from '../../src/common/title-misuse-report.ts';
import type { FormSubmissionState } from '../../src/common/contract.ts';
import { FORM_ANSWER_CACHE_CONTROL } from '../cache-control.ts';
import type { FormDelivery } from './form-delivery.ts';
import { isSubmissionId } from './outbox.ts';
import { sameOriginPosts } from './same-origin.ts';

// A form is posted to the page that shows it (`POST /de-wet/titelmisbruik-melden`), as a urlencoded
// form without JavaScript or as JSON with it (`Accept: application/json`). In order: the origin (403),
// the body and its bound (413), the page (405 where it shows no form), the form's handle (400), the rate
// limit (429, counted before the body is read), the honeypot (in any shape: answered as accepted, dropped, logged), the validation
// (422), then the delivery. A browser without JavaScript gets 303 to the page with
// `?status=received|saved&reference=…` (the report's reference, which the CMS is sent with it), or on 422,
// 429 and 503 the page with the form again (what was typed, and what went wrong); a script gets JSON
// `{result, reference}`, `{errors}` or `{error}`. No answer is stored anywhere.
// A 503 may follow a report that was kept all the same (Redis answering too late): the form shown again
// carries the report's id and marks the post a repeat, and the outbox recognises it (form-delivery.ts).

/** The largest body taken: every field at its bound, in multi-byte characters, percent-encoded. */
const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/** The page's own path, never one that reads as another host (`//host`) in Location. */
const ownPath = (path: string) => `/${path.replace(/^\/+/, '')}`;

/** The honeypot counts whatever its shape: a text, a list of them (`website=a&website=b`), an object. */
const isFilled = (value: unknown) => value !== undefined && value !== null && value !== '';

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
  formsOn,
}: {
  delivery: FormDelivery;
  rateLimit: RequestHandler;
  publicUrl: string;
  /** Renders the page of the request with the form shown again (the page handler). */
  showAgain: RequestHandler;
  /** The handles of the forms the page at the request's path shows; null when the page cannot be had (the CMS down). */
  formsOn: (req: Request) => Promise<readonly string[] | null>;
}): RequestHandler => {
  const shown = (req: Request, res: Response, state: FormSubmissionState) => {
    res.locals.formSubmission = state;
    return showAgain(req, res, () => sendStatus(res, 500, 'The page could not be shown.'));
  };

  const handle: RequestHandler = async (req, res) => {
    res.set('Cache-Control', FORM_ANSWER_CACHE_CONTROL);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const handle = body.form;
    const forms = await formsOn(req);
    if (forms?.length === 0) {
      req.log.warn({ form: typeof handle === 'string' ? handle : null }, 'a form was posted to a page that shows none');
      res.set('Allow', 'GET, HEAD');
      return sendStatus(res, 405, 'This page takes no form.');
    }
    // A page the CMS cannot give now is taken at its word: a report is never refused for the CMS's sake.
    if (forms === null) req.log.warn('a form was posted to a page that cannot be checked now; taken');
    if (handle !== TITLE_MISUSE_FORM || (forms && !forms.includes(handle)))
      return sendStatus(res, 400, 'No such form.');
    const json = wantsJson(req);
    if (res.locals.rateLimited === true) {
      if (json) return res.status(429).json({ error: 'Too many reports from this address; try again later.' });
      return shown(req, res, { handle, values: reportValues(body), errors: {}, status: 429 });
    }
    const answer = (result: string, reference: string) => {
      if (json) return res.json({ result, reference });
      const query = new URLSearchParams({ [FORM_RESULT_PARAM]: result, [FORM_REFERENCE_PARAM]: reference });
      res.redirect(303, `${ownPath(req.path)}?${query}`);
    };

    if (isFilled(body[HONEYPOT_FIELD])) {
      req.log.warn({ form: handle }, 'a form post filled in the honeypot; it was dropped');
      // Answered as a report is, reference and all: nothing tells a robot it was found out.
      return answer('received', submissionReference(randomUUID()));
    }
    const checked = validateReport(body);
    if (!checked.ok) {
      if (json) return res.status(422).json({ errors: checked.errors });
      return shown(req, res, { handle, values: checked.values, errors: checked.errors, status: 422 });
    }
    const given = body[SUBMISSION_FIELD];
    const submission = isSubmissionId(given)
      ? { id: given, repeat: body[REPEAT_FIELD] === '1' }
      : { id: randomUUID(), repeat: false };
    const reference = submissionReference(submission.id);
    const result = await delivery.submit(handle, { ...checked.report, [REFERENCE_FIELD]: reference }, submission);
    if (result !== 'lost' && result !== 'full') return answer(result, reference);
    // Posted again with its id, it is recognised if it was kept after all: it never arrives twice.
    if (json)
      return res
        .status(503)
        .json({ error: 'The report could not be sent; try again later.', submission: submission.id });
    return shown(req, res, { handle, values: checked.report, errors: {}, status: 503, submission: submission.id });
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
