// Statamic's form route, `POST {CMS origin}/!/forms/{handle}` (FormController@submit), asked for JSON
// with `Accept: application/json` only: valid, 200 `{success: true, submission_created, submission}`;
// invalid, Laravel's 422 `{message, errors: {field: [messages]}}` (with `X-Requested-With:
// XMLHttpRequest` it would be 400 `{errors, error}` instead, which this site never sends). The key goes
// in the same header as for the REST API (docs/statamic.md: the CMS checks it on this route).
//
// The answers are told apart by whom they refuse: 422 refuses the report itself (sent again as it is, it
// would be refused again), while 400, 401, 403, 404 and 419 refuse the site (a missing key middleware, a
// CSRF exclusion, a form renamed: fixed on the CMS, the same report is then taken) and 429 throttles it.
// Only the first sets a report aside; the others keep it and keep trying.

export interface CmsFormRoute {
  /** `{origin}/!/forms/` */
  baseUrl: string;
  apiKey: string;
  apiKeyHeader: string;
  timeoutMs: number;
}

/**
 * `delivered`: the CMS has it. `refused`: the CMS will never take this report as it is. `site_refused`:
 * the CMS turns the site away (its configuration). `throttled`: 429. `failed`: down, slow or broken.
 */
export type Delivery =
  | { outcome: 'delivered' }
  | { outcome: 'refused'; status: number; errors: unknown }
  | { outcome: 'site_refused' | 'throttled' | 'failed'; reason: string };

export type DeliveryOutcome = Delivery['outcome'];
export const DELIVERY_OUTCOMES: readonly DeliveryOutcome[] = [
  'delivered',
  'refused',
  'site_refused',
  'throttled',
  'failed',
];

const SITE_REFUSALS: ReadonlySet<number> = new Set([400, 401, 403, 404, 419]);

export const formRouteOf = (apiUrl: string): string => `${new URL(apiUrl).origin}/!/forms/`;

export const submitToCms = async (
  route: CmsFormRoute,
  handle: string,
  data: Readonly<Record<string, string>>,
): Promise<Delivery> => {
  try {
    const response = await fetch(`${route.baseUrl}${encodeURIComponent(handle)}`, {
      method: 'POST',
      headers: {
        [route.apiKeyHeader]: route.apiKey,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify(data),
      redirect: 'manual',
      signal: AbortSignal.timeout(route.timeoutMs),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && typeof body === 'object' && body !== null && 'success' in body && body.success === true)
      return { outcome: 'delivered' };
    if (response.status === 422) {
      const errors = typeof body === 'object' && body !== null && 'errors' in body ? body.errors : body;
      return { outcome: 'refused', status: response.status, errors };
    }
    const reason = `the CMS answered ${response.status}`;
    if (SITE_REFUSALS.has(response.status)) return { outcome: 'site_refused', reason };
    if (response.status === 429) return { outcome: 'throttled', reason };
    return { outcome: 'failed', reason };
  } catch (error) {
    return { outcome: 'failed', reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
};
