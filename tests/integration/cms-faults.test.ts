import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { homeOnly, list, startFakeCms } from '../helpers/fake-cms.ts';
import type { Answer, FakeCms } from '../helpers/fake-cms.ts';
import { changeEverything } from '../helpers/revalidate.ts';
import { get, startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

// The site against a fault-injecting Statamic stand-in. For each fault: a cold page answers the error
// page with 500 (or the page, when one retry mends it), after the right number of attempts; a warm page
// past its hour keeps its stale content; the process stays up. The webhook ("everything") makes the site
// cold again between faults; CMS_CACHE_TTL_MS is shortened so that the hour passes in the test.

const TTL_MS = 300;
/**
 * Far longer than any answer but the slow one takes, even on a busy machine (a megabyte on loopback
 * takes milliseconds): an answer that merely arrives late must not turn into a timeout and a retry.
 */
const TIMEOUT_MS = 3000;
const SECRET = 'cms-faults-test-secret-0123';
let fake: FakeCms;
let site: RunningSite;
let fault: Answer | null = null;

beforeAll(async () => {
  fake = await startFakeCms();
  fake.answer = (request) =>
    fault ?? (request.url.startsWith('/api/collections/pages/') ? homeOnly('Goede tekst') : list([]));
  site = await startSite({
    CMS_API_URL: fake.apiUrl,
    CMS_API_KEY: 'fake-key',
    CMS_CACHE_TTL_MS: String(TTL_MS),
    CMS_TIMEOUT_MS: String(TIMEOUT_MS),
    REVALIDATE_SECRET: SECRET,
    UPSTREAM_MAX_RESPONSE_MB: '1',
  });
});
afterAll(async () => {
  await site.stop();
  await fake.close();
});

const view = async (path = '/') => {
  const response = await get(site.url + path, { Cookie: `i18n_redirected=${path.startsWith('/en') ? 'en' : 'nl'}` });
  return { status: response.status, html: await response.text() };
};
const forgetEverything = () => changeEverything(site.url, SECRET);
const hourPasses = () => new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
/**
 * Attempts at the English globals URL, the first call of every English page. The cold views are
 * English: the refreshes the Dutch stale views started may still be retrying behind them.
 */
const globalsAttempts = () => fake.requests.filter((request) => request.url.startsWith('/api/globals?site=en')).length;

const FAULTS: Array<{ name: string; answer: Answer; attempts: number }> = [
  {
    name: 'slower than the timeout',
    answer: { status: 200, body: { data: [] }, delayMs: TIMEOUT_MS * 3 },
    attempts: 2,
  },
  { name: 'a 503', answer: { status: 503 }, attempts: 2 },
  { name: 'a 404 for a list', answer: { status: 404 }, attempts: 1 },
  { name: 'a connection reset mid-body', answer: { resetMidBody: true }, attempts: 2 },
  { name: 'invalid JSON', answer: { raw: '{"data": [' }, attempts: 1 },
  { name: 'JSON of the wrong shape', answer: { status: 200, body: { items: 'none' } }, attempts: 1 },
  // Streamed without a length: refused once the first megabyte (UPSTREAM_MAX_RESPONSE_MB) has been read.
  {
    name: 'a body over the size bound',
    answer: { raw: `{"data":[{"title":"${'x'.repeat(3 * 1024 * 1024)}"}]}` },
    attempts: 1,
  },
];

describe('a CMS that fails', () => {
  for (const { name, answer, attempts } of FAULTS) {
    it(`answering ${name}: stale content when warm, the error page after ${attempts} attempt(s) when cold`, async () => {
      fault = null;
      await forgetEverything();
      expect((await view()).html).toContain('Goede tekst');

      fault = answer;
      await hourPasses();
      for (let again = 0; again < 3; again += 1) {
        const warm = await view();
        expect(warm.status).toBe(200);
        expect(warm.html).toContain('Goede tekst');
      }

      await forgetEverything();
      fake.reset();
      const cold = await view('/en');
      expect(cold.status).toBe(500);
      expect(cold.html).toContain('Something went wrong while loading this page');
      // Calls made in parallel with the one that failed the page may reach the CMS just after the answer.
      await vi.waitFor(() => expect(globalsAttempts()).toBe(attempts), { timeout: 10_000 });
      expect((await get(`${site.url}/healthz`)).status).toBe(200);
    });
  }

  it('answering a 503 once, then the content: the page, after one retry', async () => {
    fault = null;
    await forgetEverything();
    fake.reset();
    fake.answer = (request, attempt) =>
      attempt === 1
        ? { status: 503 }
        : request.url.startsWith('/api/collections/pages/')
          ? homeOnly('Na een nieuwe poging')
          : list([]);
    const page = await view('/en');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Na een nieuwe poging');
    expect(globalsAttempts()).toBe(2);
    expect(site.child.exitCode).toBeNull();
  });
});
