import { z } from 'zod';
import { ARCHITECT_TITLES, getJson } from '../../src/render/contract.ts';
import type { ArchitectQuery, Register, RenderLog } from '../../src/render/contract.ts';

// The register's own API (README: Register API), with the CMS's rule for timeouts and retries. Its
// answers are checked against the contract: registrations with a title the site does not know are left
// out, and an answer of another shape is a failure, not a page of empty rows.

const PLACES_TTL_MS = 3_600_000;

const registration = z.object({ title: z.string(), number: z.string(), date: z.string() });
const answer = z.object({
  data: z.array(z.object({ name: z.string(), place: z.string(), registrations: z.array(registration) })),
  meta: z.object({ total: z.number().int().min(0), page: z.number().int().min(1), perPage: z.number().int().min(1) }),
});
const placesAnswer = z.object({ data: z.array(z.string()) });

const isTitle = (title: string): title is (typeof ARCHITECT_TITLES)[number] =>
  (ARCHITECT_TITLES as readonly string[]).includes(title);

export interface RemoteRegisterOptions {
  url: string;
  apiKey: string;
  timeoutMs: number;
  /** The largest answer accepted. */
  maxResponseBytes: number;
  log: RenderLog;
  now?: () => number;
}

export const createRemoteRegister = ({
  url,
  apiKey,
  timeoutMs,
  maxResponseBytes,
  log,
  now = Date.now,
}: RemoteRegisterOptions): Register => {
  const http = {
    service: 'Register API',
    headers: { Authorization: `Bearer ${apiKey}` },
    timeoutMs,
    maxBytes: maxResponseBytes,
  };
  let places: { list: string[]; until: number } | null = null;

  const read = async <T>(path: string, schema: z.ZodType<T>): Promise<T> => {
    const body = await getJson(`${url}${path}`, http);
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new Error(
        `Register API answered ${path.split('?')[0]} outside its contract: ${parsed.error.issues[0]?.message ?? 'unreadable'}`,
      );
    return parsed.data;
  };

  return {
    async search(query: ArchitectQuery) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query))
        if (value !== null && value !== '') params.set(name, String(value));
      const { data, meta } = await read(`/architects?${params}`, answer);
      const architects = data
        .map((architect) => ({
          ...architect,
          registrations: architect.registrations.filter((entry) => isTitle(entry.title)),
        }))
        .filter((architect) => architect.registrations.length > 0);
      return { data: architects as Awaited<ReturnType<Register['search']>>['data'], meta };
    },

    async places() {
      if (places && places.until > now()) return places.list;
      try {
        const { data } = await read('/places', placesAnswer);
        places = { list: data, until: now() + PLACES_TTL_MS };
        return data;
      } catch (error) {
        // The place filter becomes a text field; the search itself may still work.
        log.warn({ err: error }, 'the places of the register could not be read');
        return places?.list ?? [];
      }
    },
  };
};
