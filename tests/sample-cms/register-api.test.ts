import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePeople } from '../../sample-cms/register/people.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { createRemoteRegister } from '../../server/register/remote-register.ts';
import { start } from './helpers.ts';
import { answerChecker } from '../helpers/openapi-answers.ts';
import registerApiDocument from '../../docs/register-api.openapi.json' with { type: 'json' };

// The register's API the sample CMS serves under /register (docs/register-api.md), read by the site's own
// adapter as the site reads it when REGISTER_API_URL points there, or beside the embedded sample content.

const REGISTER_KEY = 'test-register-key';

let service: ContentService;
let withoutRegister: ContentService;

beforeAll(async () => {
  [service, withoutRegister] = await Promise.all([start({ registerApiKey: REGISTER_KEY }), start()]);
});

afterAll(async () => {
  await Promise.all([service?.close(), withoutRegister?.close()]);
});

const get = (path: string, key: string | null = REGISTER_KEY, init: RequestInit = {}) =>
  fetch(`${service.registerApiUrl}${path}`, { ...init, headers: key ? { Authorization: `Bearer ${key}` } : {} });

describe("the sample CMS's register API", () => {
  it("answers the site's register adapter: searches, a registration, the places", async () => {
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const register = createRemoteRegister({
      url: service.registerApiUrl,
      apiKey: REGISTER_KEY,
      timeoutMs: 10_000,
      maxResponseBytes: 1_000_000,
      log,
    });
    const found = await register.search({
      searchTerm: 'vos',
      title: null,
      place: null,
      kind: null,
      page: 1,
      perPage: 5,
    });
    expect(found.data).toHaveLength(5);
    expect(found.meta).toEqual({ total: expect.any(Number), page: 1, perPage: 5, retrievedAt: expect.any(String) });
    expect(found.data.every((architect) => /vos/i.test(`${architect.name} ${architect.place}`))).toBe(true);
    const person = samplePeople()[0]!;
    const number = person.registrations[0]!.number;
    expect((await register.get(number))?.architect.registrations.map((registration) => registration.number)).toContain(
      number,
    );
    expect(await register.get('9.999999.999')).toBeNull();
    expect(await register.places()).toContain(person.place);
    expect(warnings).toEqual([]);
  });

  it('answers as docs/register-api.openapi.json, a valid OpenAPI 3.1 document, describes', async () => {
    const described = await answerChecker(registerApiDocument);
    const temporary = samplePeople().find(({ registrations }) => registrations[0]!.kind === 'temporary')!;
    const number = temporary.registrations[0]!.number;
    const search = (await described.check(await get('/architects?kind=temporary&perPage=50'), '/architects')) as {
      data: Array<{ registrations: Array<{ kind: string; until: string }> }>;
      meta: { retrievedAt: string };
    };
    expect(search.data.length).toBeGreaterThan(10);
    expect(Date.parse(search.meta.retrievedAt)).not.toBeNaN();
    const one = (await described.check(await get(`/architects/${number}`), '/architects/{number}')) as {
      data: { registrations: unknown[] };
      meta: { retrievedAt: string };
    };
    expect(one.data.registrations).toEqual(temporary.registrations);
    expect(Date.parse(one.meta.retrievedAt)).not.toBeNaN();
    await described.check(await get('/places'), '/places');
  });

  it('takes its own key only, before anything else', async () => {
    for (const key of [null, 'wrong-key', 'test-content-key']) {
      const response = await get('/architects?searchTerm=vos', key);
      expect(response.status, String(key)).toBe(401);
    }
    expect((await get('/nothing-here', null)).status).toBe(401);
  });

  it('answers a malformed query 400, an unknown path or number 404, and a POST 405', async () => {
    expect(await (await get('/architects?perPage=500')).json()).toEqual({ error: expect.stringContaining('perPage') });
    expect((await get('/architects?perPage=500')).status).toBe(400);
    for (const path of ['/architects/1.999999.999', '/architects/%E0%A4%A', '/people'])
      expect((await get(path)).status, path).toBe(404);
    const posted = await get('/architects', REGISTER_KEY, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
  });

  it('is not there without a register key', async () => {
    const response = await fetch(`${withoutRegister.registerApiUrl}/architects`, {
      headers: { Authorization: `Bearer ${REGISTER_KEY}` },
    });
    expect(response.status).toBe(404);
  });
});
