// What the site needs of a CDN's purge API: the request that purges a batch of surrogate keys, the most
// keys one request may carry, and whether an answer says the purge was done.

export type CdnName = 'cloudflare' | 'fastly';

/** The CDN the webhook purges (CDN_PURGE and its zone or service id and token). */
export type CdnSettings = (
  { cdn: 'cloudflare'; zoneId: string; token: string } | { cdn: 'fastly'; serviceId: string; token: string }
) & {
  /** The API's base URL; another one only for a stand-in of the API in tests. */
  apiUrl: string | null;
  /** Tries per batch of keys, the first included. */
  attempts: number;
  /** The wait before the first retry; it doubles with each retry, and a longer Retry-After wins. */
  retryMs: number;
};

interface PurgeRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface PurgeApi {
  cdn: CdnName;
  /** The documented bound of keys per request. */
  maxKeysPerRequest: number;
  request(keys: readonly string[]): PurgeRequest;
  /** A 2xx answer's body says the purge was accepted. */
  accepted(body: unknown): boolean;
}
