import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService, ContentServiceOptions } from '../../sample-cms/service.ts';

// Shared set-up for the content service tests: a real service on a loopback port and small fetch helpers.

export const API_KEY = 'test-content-key';
export const PREVIEW_TOKEN = 'test-preview-token';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Item = Record<string, Json>;

export interface Envelope {
  data: Item[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: { url: string | null; label: string; active: boolean }[];
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
}

export const start = (options: Partial<ContentServiceOptions> = {}): Promise<ContentService> =>
  startContentService({ apiKey: API_KEY, previewToken: PREVIEW_TOKEN, ...options });

/** A client for one service: `get` sends the API key unless told otherwise. */
export const client = (service: () => ContentService) => {
  const get = (path: string, headers: Record<string, string> = { 'X-Api-Key': API_KEY }) =>
    fetch(`${service().url}${path}`, { headers });

  /** GET an API path and parse the JSON, failing on any status but the expected one. */
  const json = async <T = Json>(path: string, status = 200): Promise<T> => {
    const response = await get(`/api${path}`);
    const body = await response.text();
    if (response.status !== status)
      throw new Error(`GET /api${path}: expected ${status}, got ${response.status}: ${body}`);
    return JSON.parse(body) as T;
  };

  /** Every item of an index, read page by page until `meta.last_page`, as the site reads full lists. */
  const all = async (path: string, limit = 20): Promise<Item[]> => {
    const items: Item[] = [];
    const separator = path.includes('?') ? '&' : '?';
    for (let page = 1; ; page += 1) {
      const envelope = await json<Envelope>(`${path}${separator}limit=${limit}&page=${page}`);
      items.push(...envelope.data);
      if (page >= envelope.meta.last_page) return items;
    }
  };

  return { get, json, all };
};

export const SITES = ['default', 'en'] as const;

/** The collections the site looks a URL's last segment up in, in its order; courses always in `default`. */
export const ROUTABLE = ['pages', 'courses', 'actualities', 'events', 'vacancies', 'publications'] as const;

export const q = (params: Record<string, string | number>): string =>
  Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
