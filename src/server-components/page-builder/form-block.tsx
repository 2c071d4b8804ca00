import type { PageComponent } from '../../cms/types.ts';
import { ReportForm } from '../../client-components/report-form.tsx';
import type { ReportFormText } from '../../client-components/report-form.tsx';
import {
  FORM_REFERENCE_PARAM,
  FORM_RESULT_PARAM,
  FORM_RESULTS,
  isSubmissionReference,
} from '../../common/form-results.ts';
import { FIELD_MAX_LENGTH, REPORT_FIELDS, TITLE_MISUSE_FORM } from '../../common/title-misuse-report.ts';
import type { ReportErrorCode, ReportField } from '../../common/title-misuse-report.ts';
import { getI18n } from '../../i18n/request-i18n.ts';
import type { I18n } from '../../i18n/i18n.ts';
import { getRequestContext, getSiteServices } from '../../request-context.ts';
import { BlockHeading } from './heading.tsx';

// A Statamic form placed on a page. The site knows the fields of each form it shows (the title-misuse
// report); a form it does not know is left out and logged. After a post the page shows the confirmation
// (`?status=received|saved&reference=…`, the site's 303; a page of this visitor's own, resolve-page.tsx)
// or, posted without JavaScript and refused, the form again with what was typed and what is wrong.

const reportFormText = (i18n: I18n): ReportFormText => {
  const required: Partial<Record<ReportField, string>> = {
    subject_kind: i18n._('report_error_subject_kind'),
    subject_name: i18n._('report_error_subject_name'),
    title_used: i18n._('report_error_title_used'),
    location: i18n._('report_error_location'),
    details: i18n._('report_error_details'),
  };
  const errors = Object.fromEntries(
    REPORT_FIELDS.map((field): [ReportField, Partial<Record<ReportErrorCode, string>>] => [
      field,
      {
        ...(required[field] ? { required: required[field], choice: required[field] } : {}),
        too_long: i18n._('report_error_too_long', { max: FIELD_MAX_LENGTH[field] }),
        ...(field === 'reporter_email' ? { email: i18n._('report_error_email') } : {}),
      },
    ]),
  ) as ReportFormText['errors'];
  return {
    subjectKind: {
      legend: i18n._('report_subject_kind'),
      options: { person: i18n._('report_subject_person'), bureau: i18n._('report_subject_bureau') },
    },
    subjectName: { label: i18n._('report_subject_name'), hint: i18n._('report_subject_name_hint') },
    titleUsed: {
      legend: i18n._('report_title_used'),
      options: {
        architect: i18n._('title_architect'),
        'interior-architect': i18n._('title_interior_architect'),
        'urban-planner': i18n._('title_urban_planner'),
        'landscape-architect': i18n._('title_landscape_architect'),
        other: i18n._('report_title_other'),
      },
    },
    location: { label: i18n._('report_location'), hint: i18n._('report_location_hint') },
    details: { label: i18n._('report_details'), hint: i18n._('report_details_hint') },
    reporter: { legend: i18n._('report_reporter'), hint: i18n._('report_reporter_hint') },
    reporterName: { label: i18n._('report_reporter_name') },
    reporterEmail: { label: i18n._('report_reporter_email'), hint: i18n._('report_reporter_email_hint') },
    optional: i18n._('form_optional'),
    honeypot: i18n._('form_honeypot'),
    submit: i18n._('report_submit'),
    sending: i18n._('form_sending'),
    errorSummary: i18n._('form_error_summary'),
    errorPrefix: i18n._('form_error_prefix'),
    errors,
    failed: i18n._('form_failed'),
    tooMany: i18n._('form_too_many'),
    results: {
      received: { heading: i18n._('report_received'), body: i18n._('report_received_next') },
      saved: { heading: i18n._('report_saved'), body: i18n._('report_saved_next') },
    },
    reference: { label: i18n._('report_reference'), use: i18n._('report_reference_use') },
    again: i18n._('report_again'),
  };
};

export const FormBlock = ({ block }: { block: Extract<PageComponent, { type: 'form' }> }) => {
  const { path, query, form } = getRequestContext();
  const { log } = getSiteServices();
  if (block.form !== TITLE_MISUSE_FORM) {
    log.warn({ form: block.form, id: block.id }, 'a form this site does not know was left out');
    return null;
  }
  const shownAgain = form?.handle === block.form ? form : null;
  const result = FORM_RESULTS.find((value) => value === query.get(FORM_RESULT_PARAM)) ?? null;
  const reference = query.get(FORM_REFERENCE_PARAM);
  return (
    <section className="block block--form">
      <BlockHeading text={block.heading} />
      <ReportForm
        action={path}
        text={reportFormText(getI18n())}
        values={shownAgain?.values ?? {}}
        errors={shownAgain?.errors ?? {}}
        problem={shownAgain?.status === 503 ? 'failed' : shownAgain?.status === 429 ? 'tooMany' : null}
        outcome={
          shownAgain || !result ? null : { result, reference: isSubmissionReference(reference) ? reference : null }
        }
        submission={shownAgain?.submission ?? null}
      />
    </section>
  );
};
