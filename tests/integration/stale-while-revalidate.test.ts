import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeOnly, list, startFakeCms } from '../helpers/fake-cms.ts';
import type { FakeCms } from '../helpers/fake-cms.ts';
import { get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// After the cache hour (shortened here to CMS_CACHE_TTL_MS=400), the first view answers at once with
// the old content while the CMS is asked again behind it; a later view shows the new content. A CMS
// that is down during the refresh changes nothing for visitors.

const TTL_MS = 400;
let fake: FakeCms;
let site: Site;
let heading = 'Oude tekst';
let down = false;

const home = () => homeOnly(heading);

beforeAll(async () => {
  fake = await startFakeCms();
  fake.answer = (request) =>
    down ? { status: 503 } : request.url.startsWith('/api/collections/pages/') ? home() : list([]);
  site = await openSite({ CMS_API_URL: fake.apiUrl, CMS_API_KEY: 'fake-key', CMS_CACHE_TTL_MS: String(TTL_MS) });
});
afterAll(async () => {
  await site.stop();
  await fake.close();
});

const view = async () => {
  const response = await get(`${site.url}/`, { Cookie: 'i18n_redirected=nl' });
  return { status: response.status, html: await response.text() };
};
const expire = () => new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));

describe('stale while revalidate', () => {
  it('answers the old content at once after the hour, and the new one once the CMS answered', async () => {
    expect((await view()).html).toContain('Oude tekst');
    heading = 'Nieuwe tekst';
    await expire();
    const pageRequestsBefore = fake.requests.filter((request) =>
      request.url.startsWith('/api/collections/pages/'),
    ).length;
    const first = await view();
    expect(first.status).toBe(200);
    expect(first.html).toContain('Oude tekst');
    await expect.poll(async () => (await view()).html).toContain('Nieuwe tekst');
    expect(fake.requests.filter((request) => request.url.startsWith('/api/collections/pages/')).length).toBeGreaterThan(
      pageRequestsBefore,
    );
  });

  it('keeps serving the page when the CMS is down during the refresh', async () => {
    down = true;
    await expire();
    for (let view_ = 0; view_ < 5; view_ += 1) {
      const { status, html } = await view();
      expect(status).toBe(200);
      expect(html).toContain('Nieuwe tekst');
    }
    // A refresh the last test set off may still land during the wait and make everything fresh again
    // (on a busy machine it does): then the hour passes once more before a view that must refresh.
    await expect
      .poll(async () => {
        if (site.logs.some((line) => line.includes('CMS refresh failed; the stale copy stays'))) return true;
        await expire();
        const { status, html } = await view();
        expect(status).toBe(200);
        expect(html).toContain('Nieuwe tekst');
        return false;
      })
      .toBe(true);
    down = false;
  });
});
