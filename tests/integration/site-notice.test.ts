import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, openSite, viewUntilCached } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// The site notice, set as an editor sets it: through the embedded content service's edit route, whose
// save calls the site's revalidation webhook. Pages are viewed until they come from the page cache first,
// so that what a test sees after an edit is what the purge (or the notice's own end) made of a kept page.

const SECRET = 'site-notice-test-secret-51c2';
const ADMIN_KEY = 'site-notice-test-admin-key';
const NL = { Cookie: 'i18n_redirected=nl' };
const EN = { Cookie: 'i18n_redirected=en' };
const DUTCH_PAGES = ['/', '/over-ons', '/actualiteiten', '/zoeken'];
const ENGLISH_PAGES = ['/en', '/en/about-us'];
const REGION = /<section class="site-notice site-notice--(info|warning)" aria-label="Mededeling">([\s\S]*?)<\/section>/;

let site: Site;
let contentService: string;

beforeAll(async () => {
  site = await openSite({ REVALIDATE_SECRET: SECRET, CONTENT_ADMIN_KEY: ADMIN_KEY });
  const started = site.logs.map((line) => /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(line)).find(Boolean);
  contentService = started![1]!;
});
afterAll(async () => {
  await site.stop();
});

/** Saves the Dutch settings' notice (null clears it); the save reaches the site through the webhook. */
const setNotice = async (notice: Record<string, string> | null) => {
  const response = await fetch(`${contentService}/admin/globals/settings?site=default`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}` },
    body: JSON.stringify({ notice }),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { webhook: unknown }).webhook).toEqual({ status: 202 });
};

const view = async (path: string, headers = NL) => {
  const response = await get(site.url + path, headers);
  expect(response.status, path).toBe(200);
  return response.text();
};

const keepAll = async () => {
  for (const path of DUTCH_PAGES) await viewUntilCached(site.url + path, NL);
  for (const path of ENGLISH_PAGES) await viewUntilCached(site.url + path, EN);
};

const isoIn = (milliseconds: number) => new Date(Date.now() + milliseconds).toISOString();

describe('the site notice', () => {
  it('is absent from the sample content', async () => {
    for (const path of DUTCH_PAGES) expect(await view(path)).not.toContain('site-notice');
  });

  it('shows above the header of every kept page of its language, as a named region, and of no other', async () => {
    await keepAll();
    await setNotice({
      text: 'Het register is zaterdag van 8.00 tot 12.00 uur niet bereikbaar.',
      kind: 'info',
      link: '/over-ons',
      link_label: 'Meer informatie',
    });
    for (const path of DUTCH_PAGES) {
      const html = await view(path);
      const region = REGION.exec(html);
      expect(region?.[1], path).toBe('info');
      expect(region?.[2]).toContain('Het register is zaterdag van 8.00 tot 12.00 uur niet bereikbaar.');
      expect(region?.[2]).toMatch(/<a href="\/over-ons"[^>]*>Meer informatie<\/a>/);
      expect(html.indexOf('class="site-notice')).toBeLessThan(html.indexOf('<header class="site-header'));
    }
    for (const path of ENGLISH_PAGES) expect(await view(path, EN), path).not.toContain('site-notice');
  });

  it('changes on kept pages when an editor changes it, a warning saying so in words', async () => {
    await keepAll();
    await setNotice({ text: 'Storing: inloggen is tijdelijk niet mogelijk.', kind: 'warning' });
    for (const path of DUTCH_PAGES) {
      const region = REGION.exec(await view(path));
      expect(region?.[1], path).toBe('warning');
      expect(region?.[2]).toMatch(/<strong class="site-notice__kind">Let op: <\/strong>Storing: inloggen/);
      expect(region?.[2]).not.toContain('<a ');
    }
  });

  it('is gone from kept pages when an editor removes it, also as an emptied group', async () => {
    await keepAll();
    await setNotice(null);
    for (const path of DUTCH_PAGES) expect(await view(path), path).not.toContain('site-notice');

    await setNotice({ text: 'Tijdelijk', kind: 'info' });
    expect(await view('/')).toContain('site-notice');
    await keepAll();
    await setNotice({ text: '', kind: 'info' });
    for (const path of DUTCH_PAGES) expect(await view(path), path).not.toContain('site-notice');
  });

  it('shows only between its from and until', async () => {
    await setNotice({ text: 'Voorbij', until: isoIn(-60_000) });
    expect(await view('/')).not.toContain('site-notice');
    await setNotice({ text: 'Nog niet', from: isoIn(3_600_000) });
    expect(await view('/')).not.toContain('site-notice');
    await setNotice({ text: 'Nu', from: isoIn(-60_000), until: isoIn(3_600_000) });
    expect(await view('/')).toContain('Nu');
  });

  it('lets no CDN keep or serve a page past the moment its notice changes, fresh or kept', async () => {
    const sharedUntil = (response: Response) => {
      const [, fresh, stale] = /s-maxage=(\d+), stale-while-revalidate=(\d+)/.exec(
        response.headers.get('Cache-Control') ?? '',
      )!;
      return Number(fresh) + Number(stale);
    };
    await setNotice({ text: 'Nu', until: isoIn(600_000) });
    expect(sharedUntil(await get(site.url + '/over-ons', NL))).toBeLessThanOrEqual(600);
    // A kept page (it has an ETag) says what is left of the time when it is sent, not when it was kept.
    expect(sharedUntil((await viewUntilCached(site.url + '/over-ons', NL)).response)).toBeLessThanOrEqual(600);
    await setNotice({ text: 'Nog niet', from: isoIn(120_000) });
    expect(sharedUntil(await get(site.url + '/over-ons', NL))).toBeLessThanOrEqual(120);
    await setNotice(null);
    expect(sharedUntil(await get(site.url + '/over-ons', NL))).toBe(60 + 3600);
  });

  it('appears on a kept page when its from comes and goes when its until comes, without an edit', async () => {
    // Each window is long enough for a view on a busy machine; every view is judged by when it was asked.
    const from = Date.now() + 3000;
    const until = from + 3000;
    await setNotice({ text: 'Onderhoud', from: new Date(from).toISOString(), until: new Date(until).toISOString() });
    const { body } = await viewUntilCached(`${site.url}/over-ons`, NL);
    if (Date.now() < from) expect(body).not.toContain('site-notice');
    const seen = { before: 0, during: 0, after: 0 };
    for (const deadline = until + 30_000; Date.now() < deadline && seen.after < 3;) {
      const asked = Date.now();
      const html = await view('/over-ons');
      const answered = Date.now();
      if (answered < from) {
        expect(html).not.toContain('site-notice');
        seen.before += 1;
      } else if (asked >= from && answered < until) {
        expect(html, `asked ${asked - from} ms after from`).toContain('Onderhoud');
        seen.during += 1;
      } else if (asked >= until) {
        expect(html, `asked ${asked - until} ms after until`).not.toContain('site-notice');
        seen.after += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen.during).toBeGreaterThan(0);
    expect(seen.after).toBe(3);
  });

  it('degrades field by field: what cannot be read costs that field alone, and is logged once', async () => {
    const fieldLogs = (field: string) =>
      site.logs.filter((line) => line.includes('"entry":"globals:settings"') && line.includes(`"field":"${field}"`));
    // An outage warning whose `from` lacks its offset, with a link the CMS did not resolve: shown from now
    // until its `until`, without the link.
    const warning = {
      text: 'Storing: inloggen is tijdelijk niet mogelijk.',
      kind: 'warning',
      from: '2026-11-27 08:00',
      until: isoIn(600_000),
      link: 'entry::0f6f2a59',
      link_label: 'Meer informatie',
    };
    await setNotice(warning);
    for (const path of DUTCH_PAGES) {
      const response = await get(site.url + path, NL);
      const region = REGION.exec(await response.text());
      expect(region?.[1], path).toBe('warning');
      expect(region?.[2]).toContain('Storing: inloggen is tijdelijk niet mogelijk.');
      expect(region?.[2]).not.toContain('<a ');
      // The `until` still holds: no CDN keeps the page past it.
      expect(response.headers.get('Cache-Control')).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
      const [, fresh, stale] = /s-maxage=(\d+), stale-while-revalidate=(\d+)/.exec(
        response.headers.get('Cache-Control')!,
      )!;
      expect(Number(fresh) + Number(stale)).toBeLessThanOrEqual(600);
    }
    // A bad `until` leaves the window open on that side; an unknown kind is info.
    await setNotice({ text: 'Het register verhuist.', kind: 'alarm', until: 'morgen' });
    const region = REGION.exec(await view('/'));
    expect(region?.[1]).toBe('info');
    expect(region?.[2]).toContain('Het register verhuist.');
    // Saved again and viewed again, each problem is still one line in the log.
    await setNotice(warning);
    await keepAll();
    for (const field of ['notice.from', 'notice.link', 'notice.kind', 'notice.until']) {
      expect(fieldLogs(field), field).toHaveLength(1);
    }
    await setNotice(null);
  });

  it('is refused by the edit route for an unknown set or variable', async () => {
    const post = (path: string, body: string) =>
      fetch(`${contentService}/admin/globals/${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN_KEY}` },
        body,
      });
    expect((await post('nothing?site=default', '{"notice":null}')).status).toBe(404);
    expect((await post('settings?site=fr', '{"notice":null}')).status).toBe(404);
    expect((await post('settings?site=default', '{"unknown":1}')).status).toBe(422);
    expect((await post('settings?site=default', '[1]')).status).toBe(400);
  });
});
