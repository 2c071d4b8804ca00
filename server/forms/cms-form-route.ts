// Statamic's form route, `POST {CMS origin}/!/forms/{handle}` (FormController@submit), asked for JSON
// with `Accept: application/json` only: valid, 200 `{success: true, submission_created, submission}`;
// invalid, Laravel's 422 `{message, errors: {field: [messages]}}` (with `X-Requested-With:
// XMLHttpRequest` it would be 400 `{errors, error}` instead: both count as refused). The key goes in the
// same header as for the REST API (docs/statamic.md: the CMS checks it on this route).

export interface CmsFormRoute {
  /** `{origin}/!/forms/` */
  baseUrl: string;
  apiKey: string;
  apiKeyHeader: string;
  timeoutMs: number;
}

/** `delivered`: the CMS has it. `refused`: the CMS will never take it as it is. `failed`: try again later. */
export type Delivery =
  | { outcome: 'delivered' }
  | { outcome: 'refused'; status: number; errors: unknown }
  | { outcome: 'failed'; reason: string };

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
    if (response.status === 422 || response.status === 400) {
      const errors = typeof body === 'object' && body !== null && 'errors' in body ? body.errors : body;
      return { outcome: 'refused', status: response.status, errors };
    }
    return { outcome: 'failed', reason: `the CMS answered ${response.status}` };
  } catch (error) {
    return { outcome: 'failed', reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
};
