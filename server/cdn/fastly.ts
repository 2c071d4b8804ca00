import type { PurgeApi } from './purge-api.ts';

// Fastly's purge of several surrogate keys at once, the keys of the pages' `Surrogate-Key` header:
// https://www.fastly.com/documentation/reference/api/purging/#bulk-purge-tag
// https://www.fastly.com/documentation/guides/full-site-delivery/purging/purging-with-surrogate-keys/
// POST {base}/service/{service_id}/purge, `Fastly-Key: <API token>` (scope purge_select), JSON body
// `{"surrogate_keys": [...]}`; 200 with an object naming each key's purge id. Up to 256 keys per request.
// A hard purge (no Fastly-Soft-Purge): the next view of a purged page is fetched from the site.

const FASTLY_API_URL = 'https://api.fastly.com';
const FASTLY_MAX_KEYS = 256;

export const fastlyPurgeApi = ({
  serviceId,
  token,
  apiUrl,
}: {
  serviceId: string;
  token: string;
  apiUrl: string | null;
}): PurgeApi => ({
  cdn: 'fastly',
  maxKeysPerRequest: FASTLY_MAX_KEYS,
  request: (keys) => ({
    url: `${apiUrl ?? FASTLY_API_URL}/service/${encodeURIComponent(serviceId)}/purge`,
    headers: { 'Fastly-Key': token, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ surrogate_keys: keys }),
  }),
  accepted: (body) => typeof body === 'object' && body !== null,
});
