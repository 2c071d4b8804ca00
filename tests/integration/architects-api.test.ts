import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { ARCHITECTS_OPENAPI } from '../../server/register/openapi.ts';
import { answerChecker, openApiProblems } from '../helpers/openapi-answers.ts';
import type { AnswerChecker } from '../helpers/openapi-answers.ts';
import { openRegisterSites } from '../helpers/register-sites.ts';
import type { RegisterApiServer } from '../helpers/register-api-server.ts';
import { get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// /api/architects and the architect search page, on the embedded register and on the register API, and
// beside a real CMS without the register's API. Every answer of the API is checked against
// /api/openapi.json's description of it.

const CMS_KEY = 'architects-api-cms-key';

let embedded: Site;
let remote: Site;
let registerApi: RegisterApiServer;
let close: () => Promise<void>;
let cms: ContentService;
let withoutRegister: Site;
let described: AnswerChecker;

beforeAll(async () => {
  cms = await startContentService({
    apiKey: CMS_KEY,
    previewToken: 'architects-api-preview',
    registerApiKey: 'unused',
  });
  [{ embedded, remote, registerApi, close }, withoutRegister, described] = await Promise.all([
    openRegisterSites(),
    // A low rate limit, for its 429 at the end.
    openSite({
      CMS_API_URL: cms.apiUrl,
      CMS_API_KEY: CMS_KEY,
      CMS_URL: cms.url,
      RATE_LIMIT_ARCHITECTS_PER_MINUTE: '3',
    }),
    answerChecker(ARCHITECTS_OPENAPI),
  ]);
});
afterAll(async () => {
  await Promise.all([close?.(), withoutRegister?.stop()]);
  await cms?.close();
});

interface Answer {
  data?: Array<{ name: string; registrations: Array<{ number: string; kind: string; until: string | null }> }>;
  meta?: { retrievedAt: string };
  detail?: string;
}

const api = async (site: Site, query: string, path = '/api/architects') => {
  const response = await get(`${site.url}${path}?${query}`);
  return {
    status: response.status,
    headers: response.headers,
    body: (await described.check(
      response,
      path.replace(/^\/api/, '').replace(/^\/architects\/.+/, '/architects'),
    )) as Answer,
  };
};

/** An error as problem details (RFC 9457). */
const problem = (status: number, detail: string) => ({
  type: 'about:blank',
  title: expect.any(String),
  status,
  detail,
});

describe('GET /api/architects on the embedded register', () => {
  it("reads it over HTTP, from the embedded sample CMS's register API", () => {
    const started = embedded.logs.map((line) => JSON.parse(line) as { msg: string; registerApi?: string });
    expect(started.find(({ msg }) => msg === 'architect search uses the sample register')?.registerApi).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/register$/,
    );
  });

  it('answers people with their registrations and the page it is on', async () => {
    const { status, headers, body } = await api(embedded, 'searchTerm=dudok&perPage=5');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body.meta).toEqual({ total: expect.any(Number), page: 1, perPage: 5, retrievedAt: expect.any(String) });
    expect(body.data).toHaveLength(5);
    expect(body.data![0]).toEqual({
      name: expect.stringMatching(/Dudok$/),
      place: expect.any(String),
      registrations: [
        expect.objectContaining({
          title: expect.any(String),
          number: expect.stringMatching(/^1\.\d{6}\.\d{3}$/),
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        }),
      ],
    });
    const number = body.data![0]!.registrations[0]!.number;
    expect((await api(embedded, `searchTerm=${number.replaceAll('.', '')}`)).body.data).toEqual([body.data![0]]);
  });

  it('answers 400 with a message for malformed, unknown or repeated parameters', async () => {
    const cases: Array<[string, string]> = [
      ['page=-1', 'page must be a whole number from 1 to 10000'],
      ['perPage=100000', 'perPage must be a whole number from 1 to 50'],
      [`searchTerm=${'a'.repeat(10_240)}`, 'searchTerm must be at most 200 characters'],
      ['name=x', 'Unknown parameter: name'],
      ['page=1&page=2', 'page may be given only once'],
    ];
    for (const [query, error] of cases) {
      const { status, body } = await api(embedded, query);
      expect(status, query.slice(0, 40)).toBe(400);
      expect(body).toEqual(problem(400, error));
    }
    expect((await api(embedded, 'kind=permanent')).body).toEqual(
      problem(400, 'kind must be one of regular, temporary'),
    );
  });

  it('answers 405 to other methods, as problem details', async () => {
    const response = await fetch(`${embedded.url}/api/architects`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await described.check(response, '/architects', 'get')).toEqual(
      problem(405, 'Only GET and HEAD are allowed'),
    );
  });

  it('answers 404 below it as problem details', async () => {
    const { status, body } = await api(embedded, '', '/api/architects/1.070515.028');
    expect(status).toBe(404);
    expect(body).toEqual(problem(404, 'No such API.'));
  });

  it('finds temporary service providers by kind, with their end date, and says as of when', async () => {
    const before = Date.now();
    const { body } = await api(embedded, 'kind=temporary&perPage=50');
    expect(body.data!.length).toBeGreaterThan(10);
    for (const { registrations } of body.data!)
      expect(
        registrations.some(({ kind, until }) => kind === 'temporary' && /^\d{4}-\d{2}-\d{2}$/.test(until ?? '')),
      ).toBe(true);
    expect(Date.parse(body.meta!.retrievedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.meta!.retrievedAt).toMatch(/(Z|[+-]\d{2}:\d{2})$/);
    const regular = await api(embedded, 'kind=regular&searchTerm=dudok');
    expect(regular.body.data!.every(({ registrations }) => registrations.every(({ kind }) => kind === 'regular'))).toBe(
      true,
    );
  });

  it('names its version on every answer and lets any origin read it (CORS, preflight answered)', async () => {
    for (const response of [
      await fetch(`${embedded.url}/api/architects?searchTerm=dudok`, { headers: { Origin: 'https://example.org' } }),
      await fetch(`${embedded.url}/api/architects?page=0`),
      await fetch(`${embedded.url}/api/openapi.json`),
    ]) {
      expect(response.headers.get('api-version')).toBe(ARCHITECTS_OPENAPI.info.version);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    const preflight = await fetch(`${embedded.url}/api/architects`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
    expect(preflight.headers.get('api-version')).toBe(ARCHITECTS_OPENAPI.info.version);
  });
});

describe('/api/openapi.json', () => {
  it('serves the description of the API, a valid OpenAPI 3.1 document', async () => {
    const response = await get(`${embedded.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as Record<string, unknown>;
    expect(document).toEqual(JSON.parse(JSON.stringify(ARCHITECTS_OPENAPI)));
    expect(document.openapi).toBe('3.1.0');
    expect(await openApiProblems(document)).toEqual([]);
  });
});

describe('with the register API', () => {
  it('forwards the query with the key and answers what it found', async () => {
    registerApi.fault = { kind: 'none' };
    const { status, body } = await api(remote, 'searchTerm=Gehry&title=architect&perPage=3');
    expect(status).toBe(200);
    expect(body.data![0]?.name).toMatch(/Gehry$/);
    expect(registerApi.requests.at(-1)).toEqual({
      url: '/architects?searchTerm=Gehry&title=architect&page=1&perPage=3',
      authorization: `Bearer ${registerApi.apiKey}`,
    });
  });

  it('when it is unreachable: 503 from the API, the page says so, one log line each, and the process stays up', async () => {
    registerApi.fault = { kind: 'down' };
    const failures = () => remote.logs.filter((line) => line.includes('register search failed')).length;
    const before = failures();

    const { status, body } = await api(remote, 'searchTerm=Dudok');
    expect(status).toBe(503);
    expect(body).toEqual(problem(503, 'The register search is unavailable right now.'));
    // The site's log lines reach the test through a pipe: wait for them, then check none more came.
    await expect.poll(failures).toBe(before + 1);

    const page = await get(`${remote.url}/vind-een-architect?searchTerm=Dudok`);
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain('Zoeken in het register is op dit moment niet beschikbaar');
    expect(html).toContain('name="searchTerm"');
    await expect.poll(failures).toBe(before + 2);

    registerApi.fault = { kind: 'none' };
    expect((await api(remote, 'searchTerm=Dudok')).status).toBe(200);
    expect(remote.logs.join('\n')).not.toContain(registerApi.apiKey);
  });
});

describe('beside a real CMS without REGISTER_API_URL', () => {
  it('warns at start, and the search says the register is unavailable, never showing the sample register', async () => {
    expect(withoutRegister.logs.join('\n')).toMatch(/"level":"warn",.*"msg":"REGISTER_API_URL is not set/);
    const { status, body } = await api(withoutRegister, 'searchTerm=vos');
    expect(status).toBe(503);
    expect(body).toEqual(problem(503, 'The register search is unavailable right now.'));
    const page = await get(`${withoutRegister.url}/vind-een-architect?searchTerm=vos`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('Zoeken in het register is op dit moment niet beschikbaar');
  });

  it('answers past its rate limit 429 as problem details, with the API version', async () => {
    let response: Response;
    do response = await get(`${withoutRegister.url}/api/architects?searchTerm=vos`);
    while (response.status === 503);
    expect(response.status).toBe(429);
    expect(response.headers.get('api-version')).toBe(ARCHITECTS_OPENAPI.info.version);
    expect(await described.check(response, '/architects')).toEqual(
      problem(429, 'Too many requests. Please wait a minute and try again.'),
    );
  });
});
