import { z } from 'zod';
import { getJson } from '../../src/common/get-json.ts';
import type { Architect, ArchitectQuery, Register } from '../../src/common/register-types.ts';
import type { RenderLog } from '../../src/common/contract.ts';
import { DUTCH_TIME_ZONE } from '../../src/common/time-zone.ts';
import { readRegistration } from './read-registration.ts';

// The register's own API (docs/register-api.md), with the CMS's rule for timeouts and retries. Its
// answers are checked against the contract: registrations the site cannot read (an unknown title or
// status, read-registration.ts) are left out with a warning, and an answer of another shape is a
// failure, not a page of empty rows. Every answer says as of when: the register's `retrievedAt`, or,
// from an API without it, the moment the site received the answer.

const PLACES_TTL_MS = 3_600_000;
/** A moment's day in the Netherlands, `YYYY-MM-DD`: the day a temporary registration's end is read against. */
const dutchDay = new Intl.DateTimeFormat('en-CA', { timeZone: DUTCH_TIME_ZONE });

const person = z.object({ name: z.string(), place: z.string(), registrations: z.array(z.unknown()) });
/** ISO 8601 with its offset (`Z` or `+01:00`), as the contract says. */
const retrievedAt = z.iso.datetime({ offset: true }).optional();
const answer = z.object({
  data: z.array(person),
  meta: z.object({
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    perPage: z.number().int().min(1),
    retrievedAt,
  }),
});
const oneAnswer = z.object({ data: person, meta: z.object({ retrievedAt }).optional() });
const placesAnswer = z.object({ data: z.array(z.string()) });

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

  /** The answer at `path`, or null for a 404. */
  const readOrNull = async <T>(path: string, schema: z.ZodType<T>): Promise<T | null> => {
    const body = await getJson(`${url}${path}`, http);
    if (body === null) return null;
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new Error(
        `Register API answered ${path.split('?')[0]} outside its contract: ${parsed.error.issues[0]?.message ?? 'unreadable'}`,
      );
    return parsed.data;
  };
  const read = async <T>(path: string, schema: z.ZodType<T>): Promise<T> => {
    const body = await readOrNull(path, schema);
    if (body === null) throw new Error(`Register API answered ${path.split('?')[0]} with 404`);
    return body;
  };

  /** The register's moment of an answer, or the moment it arrived. */
  const momentOf = (given: string | undefined): string => given ?? new Date(now()).toISOString();

  /** The people with the registrations the site can read; one warning per answer for what was left out. */
  const readPeople = (path: string, people: Array<z.infer<typeof person>>, moment: string): Architect[] => {
    const problems: string[] = [];
    const asOf = dutchDay.format(new Date(moment));
    const architects = people
      .map(({ name, place, registrations }) => ({
        name,
        place,
        registrations: registrations.flatMap((entry) => {
          const registration = readRegistration(entry, asOf, (message) => problems.push(message));
          return registration ? [registration] : [];
        }),
      }))
      .filter((architect) => architect.registrations.length > 0);
    if (problems.length)
      log.warn({ path: path.split('?')[0], problems }, 'registrations outside the Register API contract were left out');
    return architects;
  };

  return {
    async search(query: ArchitectQuery) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query))
        if (value !== null && value !== '') params.set(name, String(value));
      const path = `/architects?${params}`;
      const { data, meta } = await read(path, answer);
      const moment = momentOf(meta.retrievedAt);
      return { data: readPeople(path, data, moment), meta: { ...meta, retrievedAt: moment } };
    },

    async get(number: string) {
      const path = `/architects/${encodeURIComponent(number)}`;
      const found = await readOrNull(path, oneAnswer);
      if (!found) return null;
      const moment = momentOf(found.meta?.retrievedAt);
      const [architect] = readPeople(path, [found.data], moment);
      // Never "not in the register" for a registration the register has but the site cannot read.
      if (!architect?.registrations.some((registration) => registration.number === number))
        throw new Error(`Register API answered ${path} without a readable registration ${number}`);
      return { architect, retrievedAt: moment };
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
