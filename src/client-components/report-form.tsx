'use client';

import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { FORM_RESULTS, REPEAT_FIELD, SUBMISSION_FIELD, isSubmissionReference } from '../common/form-results.ts';
import type { FormResult } from '../common/form-results.ts';
import {
  FIELD_MAX_LENGTH,
  HONEYPOT_FIELD,
  REPORT_FIELDS,
  SUBJECT_KINDS,
  TITLE_MISUSE_FORM,
  TITLES_USED,
  validateReport,
} from '../common/title-misuse-report.ts';
import type { ReportErrorCode, ReportErrors, ReportField } from '../common/title-misuse-report.ts';

// The title-misuse report form. Without JavaScript it is a plain form posted to its page (the site
// answers 303 to the confirmation, or 422 with this form again, its errors and values). With JavaScript
// the same post is made with fetch and answered in JSON, and the errors or the confirmation are shown in
// place: the same validation first, then focus on the error summary or on the confirmation.
// A report answered 503 may have been kept all the same: sent again, it goes under the same id, marked
// a repeat, and the site recognises it. The id is made here, after hydration, or comes with the form
// shown again after a 503: never in the page every visitor shares.

interface Choice<T extends string> {
  legend: string;
  hint?: string;
  options: Record<T, string>;
}

interface Field {
  label: string;
  hint?: string;
}

export interface ReportFormText {
  subjectKind: Choice<(typeof SUBJECT_KINDS)[number]>;
  subjectName: Field;
  titleUsed: Choice<(typeof TITLES_USED)[number]>;
  location: Field;
  details: Field;
  reporter: { legend: string; hint: string };
  reporterName: Field;
  reporterEmail: Field;
  optional: string;
  honeypot: string;
  submit: string;
  sending: string;
  errorSummary: string;
  errorPrefix: string;
  /** The message of each field's error code (`too_long` already says the field's bound). */
  errors: Record<ReportField, Partial<Record<ReportErrorCode, string>>>;
  /** Neither delivered nor kept, or the request failed: try again later. */
  failed: string;
  tooMany: string;
  results: Record<FormResult, { heading: string; body: string }>;
  /** The reference's label, and what it is for. */
  reference: { label: string; use: string };
  again: string;
}

type FormProblem = 'failed' | 'tooMany' | null;

const idOf = (field: ReportField) => `report-${field}`;

/** A random (version 4) UUID; crypto.randomUUID exists on secure origins only. */
const newSubmissionId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const isResult = (value: unknown): value is FormResult => FORM_RESULTS.some((result) => result === value);

/** What became of a report, and the reference to quote about it. */
export interface FormOutcome {
  result: FormResult;
  reference: string | null;
}

/** The answer of the site to a post made with fetch: a result, the errors, or a problem. */
const readAnswer = async (
  response: Response,
): Promise<{ outcome: FormOutcome } | { errors: ReportErrors } | { problem: Exclude<FormProblem, null> }> => {
  if (response.status === 429) return { problem: 'tooMany' };
  const body = (await response.json().catch(() => null)) as {
    result?: unknown;
    reference?: unknown;
    errors?: ReportErrors;
  } | null;
  if (response.ok && isResult(body?.result))
    return {
      outcome: { result: body.result, reference: isSubmissionReference(body.reference) ? body.reference : null },
    };
  if (response.status === 422 && body?.errors) return { errors: body.errors };
  return { problem: 'failed' };
};

export const ReportForm = ({
  action,
  text,
  values,
  errors: initialErrors,
  problem: initialProblem,
  outcome: initialOutcome,
  submission: initialSubmission,
}: {
  /** The page's own path: the form is posted there. */
  action: string;
  text: ReportFormText;
  /** What was typed, when the form is shown again after a post. */
  values: Readonly<Record<string, string>>;
  errors: ReportErrors;
  /** What kept the post before from being taken: it could be neither delivered nor kept, or too many came. */
  problem: FormProblem;
  /** The confirmation to show instead of the form (after a post). */
  outcome: FormOutcome | null;
  /** Shown again after a 503: the id the report was given, to post it again under. */
  submission: string | null;
}) => {
  const [errors, setErrors] = useState<ReportErrors>(initialErrors);
  const [problem, setProblem] = useState<FormProblem>(initialProblem);
  const [outcome, setOutcome] = useState<FormOutcome | null>(initialOutcome);
  const [sending, setSending] = useState(false);
  const [submission, setSubmission] = useState(initialSubmission);
  // Focus moves only after a submission made here; a page loaded with errors focuses its summary itself.
  const [moveFocus, setMoveFocus] = useState(0);
  const summary = useRef<HTMLDivElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (moveFocus === 0) return;
    (confirmation.current ?? summary.current)?.focus();
  }, [moveFocus]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const data = Object.fromEntries(
      [...new FormData(event.currentTarget)].map(([name, value]) => [name, typeof value === 'string' ? value : '']),
    );
    const checked = validateReport(data);
    setProblem(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      setMoveFocus((count) => count + 1);
      return;
    }
    setSending(true);
    // The first post makes the id; one after a failure (answered or not) repeats it.
    const id = submission ?? newSubmissionId();
    setSubmission(id);
    try {
      const response = await fetch(action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...data, [SUBMISSION_FIELD]: id }),
      });
      const answer = await readAnswer(response);
      if ('outcome' in answer) setOutcome(answer.outcome);
      else if ('errors' in answer) setErrors(answer.errors);
      else setProblem(answer.problem);
    } catch {
      setProblem('failed');
    } finally {
      setSending(false);
      setMoveFocus((count) => count + 1);
    }
  };

  if (outcome) {
    const { heading, body } = text.results[outcome.result];
    return (
      <div
        ref={confirmation}
        className={`form-confirmation form-confirmation--${outcome.result}`}
        role="status"
        tabIndex={-1}
        autoFocus={initialOutcome !== null}
      >
        <h3 className="form-confirmation__heading">{heading}</h3>
        {outcome.reference ? (
          <dl className="form-confirmation__reference">
            <dt>{text.reference.label}</dt>
            <dd>{outcome.reference}</dd>
          </dl>
        ) : null}
        <p>{body}</p>
        {outcome.reference ? <p>{text.reference.use}</p> : null}
        <p>
          <a href={action}>{text.again}</a>
        </p>
      </div>
    );
  }

  const listed = REPORT_FIELDS.filter((field) => errors[field]);
  const messageOf = (field: ReportField): string | null => {
    const code = errors[field];
    return code ? (text.errors[field][code] ?? text.errors[field].required ?? null) : null;
  };
  const errorOf = (field: ReportField): ReactNode => {
    const message = messageOf(field);
    return message ? (
      <p className="form-field__error" id={`${idOf(field)}-error`}>
        <span className="visually-hidden">{text.errorPrefix} </span>
        {message}
      </p>
    ) : null;
  };
  const describedBy = (field: ReportField, hint: boolean) =>
    [hint ? `${idOf(field)}-hint` : '', errors[field] ? `${idOf(field)}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const fieldClass = (field: ReportField) => `form-field${errors[field] ? ' form-field--error' : ''}`;
  /** Under a field's label or legend: its hint, then its error, both named by the field's aria-describedby. */
  const hintAndError = (field: ReportField, hint: string | undefined) => (
    <>
      {hint ? (
        <p className="form-field__hint" id={`${idOf(field)}-hint`}>
          {hint}
        </p>
      ) : null}
      {errorOf(field)}
    </>
  );

  const textField = (
    field: ReportField,
    { label, hint }: Field,
    input: 'text' | 'email' | 'textarea',
    optional = false,
  ) => {
    // What the text box and the text area have alike.
    const control = {
      id: idOf(field),
      name: field,
      maxLength: FIELD_MAX_LENGTH[field],
      defaultValue: values[field] ?? '',
      'aria-describedby': describedBy(field, Boolean(hint)),
      'aria-invalid': errors[field] ? true : undefined,
    };
    return (
      <div className={fieldClass(field)}>
        <label className="form-field__label" htmlFor={idOf(field)}>
          {label}
          {optional ? <span className="form-field__optional"> {text.optional}</span> : null}
        </label>
        {hintAndError(field, hint)}
        {input === 'textarea' ? (
          <textarea {...control} rows={6} />
        ) : (
          <input
            {...control}
            type={input}
            autoComplete={field === 'reporter_email' ? 'email' : field === 'reporter_name' ? 'name' : 'off'}
            spellCheck={input === 'email' ? false : undefined}
          />
        )}
      </div>
    );
  };

  const choiceField = <T extends string>(
    field: ReportField,
    choices: readonly T[],
    { legend, hint, options }: Choice<T>,
  ) => (
    <fieldset className={fieldClass(field)} aria-describedby={describedBy(field, Boolean(hint))}>
      <legend className="form-field__label">{legend}</legend>
      {hintAndError(field, hint)}
      <div className="form-field__choices">
        {choices.map((choice, index) => (
          <label className="form-field__choice" key={choice}>
            <input
              // The first option carries the field's id: the error summary links to it.
              id={index === 0 ? idOf(field) : `${idOf(field)}-${choice}`}
              type="radio"
              name={field}
              value={choice}
              defaultChecked={values[field] === choice}
            />
            {options[choice]}
          </label>
        ))}
      </div>
    </fieldset>
  );

  return (
    <form className="report-form" method="post" action={action} noValidate onSubmit={(event) => void onSubmit(event)}>
      <input type="hidden" name="form" value={TITLE_MISUSE_FORM} />
      {submission ? (
        <>
          <input type="hidden" name={SUBMISSION_FIELD} value={submission} />
          <input type="hidden" name={REPEAT_FIELD} value="1" />
        </>
      ) : null}
      {listed.length > 0 || problem ? (
        <div
          ref={summary}
          className="error-summary"
          tabIndex={-1}
          autoFocus={moveFocus === 0}
          role="group"
          aria-labelledby="report-error-summary-title"
        >
          <h3 className="error-summary__title" id="report-error-summary-title">
            {text.errorSummary}
          </h3>
          {problem ? (
            <p className="error-summary__problem">{problem === 'tooMany' ? text.tooMany : text.failed}</p>
          ) : null}
          {listed.length > 0 ? (
            <ul className="error-summary__list">
              {listed.map((field) => (
                <li key={field}>
                  <a href={`#${idOf(field)}`}>{messageOf(field)}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {choiceField('subject_kind', SUBJECT_KINDS, text.subjectKind)}
      {textField('subject_name', text.subjectName, 'text')}
      {choiceField('title_used', TITLES_USED, text.titleUsed)}
      {textField('location', text.location, 'text')}
      {textField('details', text.details, 'textarea')}

      <fieldset className="report-form__reporter">
        <legend className="report-form__reporter-legend">{text.reporter.legend}</legend>
        <p className="form-field__hint">{text.reporter.hint}</p>
        {textField('reporter_name', text.reporterName, 'text', true)}
        {textField('reporter_email', text.reporterEmail, 'email', true)}
      </fieldset>

      {/* For robots only: hidden from people and from assistive technology, never reached by Tab. */}
      <div className="report-form__trap" aria-hidden="true">
        <label htmlFor="report-trap">{text.honeypot}</label>
        <input id="report-trap" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button className="button" type="submit" aria-disabled={sending || undefined}>
        {sending ? text.sending : text.submit}
      </button>
    </form>
  );
};
