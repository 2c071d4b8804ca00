import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REFERENCE_FIELD } from '../../src/common/form-results.ts';
import { TITLE_MISUSE_FORM, validateReport } from '../../src/common/title-misuse-report.ts';
import type { ReportErrorCode } from '../../src/common/title-misuse-report.ts';
import { BODY_LIMIT_BYTES, readBody } from './read-body.ts';
import { jsonReply, notFound } from './reply.ts';
import type { Reply } from './reply.ts';

// Statamic's form route, `POST /!/forms/{handle}` (Statamic\Http\Controllers\FormController@submit), for
// the one form of the sample content. Answers as Statamic answers a request that asks for JSON: 200
// `{success, submission_created, submission, redirect}`; invalid with `X-Requested-With: XMLHttpRequest`,
// 400 `{errors: [...], error: {field: first message}}`; invalid with only `Accept: application/json`,
// Laravel's 422 `{message, errors: {field: [messages]}}`. Submissions are kept in memory and listed at
// `GET /admin/forms/{handle}/submissions`. The blueprint's hidden field `reference` (the site's reference
// of the report) is kept as sent, as Statamic keeps a hidden field without rules.

interface Submission {
  id: string;
  form: string;
  date: string;
  data: Record<string, string>;
}

export interface FormSubmissions {
  add(form: string, data: Record<string, string>): Submission;
  list(form: string): Submission[];
}

export const createFormSubmissions = (): FormSubmissions => {
  const stored: Submission[] = [];
  return {
    add: (form, data) => {
      const submission = { id: randomUUID(), form, date: new Date().toISOString(), data };
      stored.push(submission);
      return submission;
    },
    list: (form) => stored.filter((submission) => submission.form === form),
  };
};

/** The forms the service knows, by handle. */
const FORMS: Record<string, typeof validateReport> = { [TITLE_MISUSE_FORM]: validateReport };

/** Laravel's wording of each failed rule. */
const MESSAGES: Record<ReportErrorCode, (field: string) => string> = {
  required: (field) => `The ${field} field is required.`,
  too_long: (field) => `The ${field} field must not be greater than the allowed number of characters.`,
  choice: (field) => `The selected ${field} is invalid.`,
  email: (field) => `The ${field} field must be a valid email address.`,
};

const parseBody = (request: IncomingMessage, text: string): Record<string, unknown> | null => {
  if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

export const handleFormSubmission = async (
  submissions: FormSubmissions,
  request: IncomingMessage,
  handle: string,
): Promise<Reply> => {
  const validate = Object.hasOwn(FORMS, handle) ? FORMS[handle] : undefined;
  if (!validate) return notFound();
  if (request.method !== 'POST')
    return { ...jsonReply(405, { message: 'Method not allowed.' }), headers: { Allow: 'POST' } };
  const text = await readBody(request);
  if (text === null) return jsonReply(413, { message: `The body must be at most ${BODY_LIMIT_BYTES} bytes.` });
  const body = parseBody(request, text);
  if (!body) return jsonReply(400, { message: 'The body must be a JSON object or a urlencoded form.' });
  const result = validate(body);
  if (result.ok) {
    const reference = body[REFERENCE_FIELD];
    const submission = submissions.add(handle, {
      ...result.report,
      ...(typeof reference === 'string' ? { [REFERENCE_FIELD]: reference } : {}),
    });
    return jsonReply(200, { success: true, submission_created: true, submission: submission.data, redirect: null });
  }
  const errors = Object.entries(result.errors).map(([field, code]): [string, string] => [
    field,
    MESSAGES[code](field.replaceAll('_', ' ')),
  ]);
  if (request.headers['x-requested-with'] === 'XMLHttpRequest')
    return jsonReply(400, { errors: errors.map(([, message]) => message), error: Object.fromEntries(errors) });
  return jsonReply(422, {
    message: errors[0]?.[1] ?? 'The given data was invalid.',
    errors: Object.fromEntries(errors.map(([field, message]) => [field, [message]])),
  });
};
