import { BROWSER_USER_AGENT } from './site.ts';

// The title-misuse report as a visitor's browser posts it to its page, and the reports the sample CMS
// has kept (its admin listing).

/** The page with the report form, where it is posted. */
export const REPORT_PAGE = '/de-wet/titelmisbruik-melden';

/** A valid report, as the form without JavaScript sends it: the optional fields empty. */
export const REPORT = {
  form: 'title_misuse',
  subject_kind: 'bureau',
  subject_name: 'Bouwbureau Jansen & Zn',
  title_used: 'architect',
  location: 'https://jansen.example.nl/over-ons',
  details: 'Het bureau noemt zich "architecten", maar niemand staat in het register.',
  reporter_name: '',
  reporter_email: '',
  extra_remark: '',
};

/** A report with its required fields left empty, which the site refuses with the form again (422). */
export const REFUSED_REPORT = { form: 'title_misuse', subject_name: '', details: '' };

export interface ReportPostOptions {
  /** Posted as the page's script does (JSON, asking for JSON) rather than without JavaScript. */
  json?: boolean;
  /** The Origin header; empty for none. The site's own by default. */
  origin?: string;
  /** Where it is posted: the report page by default. */
  path?: string;
  headers?: Record<string, string>;
}

/** Posts `body` to the site at `siteUrl` as a browser does, leaving a redirect unfollowed to be seen. */
export const postReport = (
  siteUrl: string,
  body: Record<string, unknown> | URLSearchParams,
  { json = false, origin = siteUrl, path = REPORT_PAGE, headers = {} }: ReportPostOptions = {},
): Promise<Response> =>
  fetch(`${siteUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'User-Agent': BROWSER_USER_AGENT,
      ...(origin ? { Origin: origin } : {}),
      ...(json
        ? { 'Content-Type': 'application/json', Accept: 'application/json' }
        : { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' }),
      ...headers,
    },
    body: json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
  });

/** A report as the CMS keeps it: its fields (the subject's name is required) and the site's reference. */
export type KeptReport = Record<string, string> & { subject_name: string };

/** The fields of every report the sample CMS at `serviceUrl` has kept. */
export const submissionsOf = async (serviceUrl: string, adminKey: string): Promise<KeptReport[]> => {
  const response = await fetch(`${serviceUrl}/admin/forms/title_misuse/submissions`, {
    headers: { Authorization: `Bearer ${adminKey}` },
  });
  if (response.status !== 200) throw new Error(`the submissions' listing answered ${response.status}`);
  return ((await response.json()) as { data: { data: KeptReport }[] }).data.map((submission) => submission.data);
};
