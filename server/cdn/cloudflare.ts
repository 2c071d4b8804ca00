import type { PurgeApi } from './purge-api.ts';

// Cloudflare's purge by cache tag, the tags being the keys of the pages' `Cache-Tag` header:
// https://developers.cloudflare.com/cache/how-to/purge-cache/purge-by-tags/
// https://developers.cloudflare.com/api/resources/cache/methods/purge/
// POST {base}/zones/{zone_id}/purge_cache, `Authorization: Bearer <API token>` (permission Zone > Cache
// Purge > Purge), JSON body `{"tags": [...]}`; 200 `{"success": true, "errors": [], "messages": [],
// "result": {"id": "..."}}`. At most 100 operations (tags) per request on every plan
// (https://developers.cloudflare.com/cache/how-to/purge-cache/#availability-and-limits); beyond the
// account's rate, 429.

const CLOUDFLARE_API_URL = 'https://api.cloudflare.com/client/v4';
const CLOUDFLARE_MAX_TAGS = 100;

export const cloudflarePurgeApi = ({
  zoneId,
  token,
  apiUrl,
}: {
  zoneId: string;
  token: string;
  apiUrl: string | null;
}): PurgeApi => ({
  cdn: 'cloudflare',
  maxKeysPerRequest: CLOUDFLARE_MAX_TAGS,
  request: (keys) => ({
    url: `${apiUrl ?? CLOUDFLARE_API_URL}/zones/${zoneId}/purge_cache`,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ tags: keys }),
  }),
  accepted: (body) => typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true,
});
