import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { Redis } from 'ioredis';
import { startCmsProxy } from '../helpers/cms-proxy.ts';
import type { CmsProxy } from '../helpers/cms-proxy.ts';
import { list, startFakeCms } from '../helpers/fake-cms.ts';
import { freePort } from '../helpers/free-port.ts';
import { REFERENCE, confirmationAt, referenceIn } from '../helpers/report-confirmation.ts';
import { REPORT, REPORT_PAGE as PAGE, postReport, submissionsOf } from '../helpers/report-post.ts';
import type { Answer, FakeCms } from '../helpers/fake-cms.ts';
import { hasRedisServer, startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';
import { openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// The title-misuse report posted to its page: without JavaScript (urlencoded, 303 or 422 with the form
// again) and with it (JSON), the robots' fences (origin, honeypot, rate limit, body bound, the page that
// shows the form), and the outbox that keeps a report the CMS cannot take, on disk and in Redis, until
// it is delivered: the CMS's refusals told apart, its bound, a post repeated after a 503 recognised.

const ADMIN_KEY = 'title-misuse-admin-key';

/** The id and repeat mark a form shown again after a 503 carries. */
const carried = (html: string) => ({
  submission: /<input type="hidden" name="submission" value="([0-9a-f-]{36})"\/>/.exec(html)?.[1],
  repeat: /<input type="hidden" name="repeat" value="1"\/>/.test(html),
});

describe('with the embedded content service', () => {
  let site: Site;
  let outboxDir: string;
  let service: { url: string };

  beforeAll(async () => {
    outboxDir = await mkdtemp(path.join(tmpdir(), 'form-outbox-'));
    site = await openSite({
      CONTENT_ADMIN_KEY: ADMIN_KEY,
      FORM_OUTBOX_DIR: outboxDir,
      RATE_LIMIT_FORMS_PER_HOUR: '30',
    });
    const started = site.logs.map((line) => JSON.parse(line) as { msg?: string; url?: string });
    const url = started.find((line) => line.msg?.startsWith('embedded sample content service started'))?.url;
    if (!url) throw new Error('the embedded content service did not say where it listens');
    service = { url };
  });
  afterAll(async () => {
    await site.stop();
    await rm(outboxDir, { recursive: true, force: true });
  });

  it('shows the form on a page every visitor shares, in both languages, and sets no cookie', async () => {
    for (const at of [PAGE, '/en/the-law/report-title-misuse']) {
      const response = await fetch(`${site.url}${at}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toMatch(/^public/);
      expect(response.headers.get('set-cookie')).toBeNull();
      const html = await response.text();
      expect(html).toContain(`<form class="report-form" noValidate="" action="${at}" method="post">`);
      expect(html).toMatch(/<input id="report-trap"[^>]*tabindex="-1"[^>]*autocomplete="off"[^>]*name="extra_remark"/i);
      // No id of a post in a page every visitor shares.
      expect(html).not.toContain('name="submission"');
    }
  });

  it('answers a valid post 303 to the confirmation with the reference the CMS has the report under', async () => {
    const response = await postReport(site.url, REPORT);
    expect(response.status).toBe(303);
    const location = response.headers.get('location');
    expect(location).toMatch(confirmationAt(PAGE, 'received'));
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    const reference = referenceIn(location)!;
    expect(
      (await submissionsOf(service.url, ADMIN_KEY)).find((report) => report.subject_name === 'Bouwbureau Jansen & Zn'),
    ).toEqual(expect.objectContaining({ reference }));
    // The confirmation with its reference is the reporter's own: no shared cache keeps it.
    const confirmation = await fetch(`${site.url}${location}`);
    expect(confirmation.headers.get('cache-control')).toMatch(/^private/);
    const html = await confirmation.text();
    expect(html).toContain('<h3 class="form-confirmation__heading">Wij hebben uw melding ontvangen</h3>');
    expect(html).toContain(`<dl class="form-confirmation__reference"><dt>Uw kenmerk</dt><dd>${reference}</dd></dl>`);
    expect(html).toContain('Noem dit kenmerk');
    expect(html).not.toContain('<form class="report-form"');
    // Without a reference, or with one not of the site's making, the confirmation names none.
    for (const query of [
      '?status=saved',
      '?status=saved&reference=%3Cb%3EX%3C%2Fb%3E',
      '?status=saved&reference=IIII-OOOO',
    ]) {
      const saved = await (await fetch(`${site.url}${PAGE}${query}`)).text();
      expect(saved).toContain('<h3 class="form-confirmation__heading">Uw melding is bewaard</h3>');
      expect(saved).not.toContain('form-confirmation__reference');
    }
  });

  it('answers an invalid post 422 with the form again: summary, errors beside the fields, values kept', async () => {
    const before = (await submissionsOf(service.url, ADMIN_KEY)).length;
    const response = await postReport(site.url, {
      ...REPORT,
      subject_kind: '',
      location: '',
      reporter_email: 'jansen@',
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('Er is een probleem');
    for (const field of ['subject_kind', 'location', 'reporter_email'])
      expect(html).toContain(`<a href="#report-${field}">`);
    expect(html).toContain('id="report-location-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('value="Bouwbureau Jansen &amp; Zn"');
    expect(html).toContain('value="jansen@"');
    expect(html).toContain('name="title_used" checked="" value="architect"');
    // Without JavaScript the browser focuses the summary itself.
    expect(html).toContain('<div class="error-summary" tabindex="-1" autofocus=""');
    expect(await submissionsOf(service.url, ADMIN_KEY)).toHaveLength(before);

    const english = await postReport(site.url, { ...REPORT, details: '' }, { path: '/en/the-law/report-title-misuse' });
    expect(english.status).toBe(422);
    expect(await english.text()).toContain('Describe what you saw');
  });

  it('answers a post made with JavaScript in JSON', async () => {
    const valid = await postReport(site.url, { ...REPORT, subject_name: 'Per script' }, { json: true });
    expect(valid.status).toBe(200);
    const answered = (await valid.json()) as { result: string; reference: string };
    expect(answered).toEqual({ result: 'received', reference: expect.stringMatching(REFERENCE) });
    expect(
      (await submissionsOf(service.url, ADMIN_KEY)).find((report) => report.subject_name === 'Per script')?.reference,
    ).toBe(answered.reference);
    const invalid = await postReport(site.url, { ...REPORT, title_used: 'engineer' }, { json: true });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual({ errors: { title_used: 'choice' } });
  });

  it('answers a filled honeypot as if accepted, and drops the report, whatever its shape', async () => {
    const before = (await submissionsOf(service.url, ADMIN_KEY)).length;
    const response = await postReport(site.url, {
      ...REPORT,
      subject_name: 'Robot',
      extra_remark: 'https://spam.example',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(confirmationAt(PAGE, 'received'));
    // A list of values (each empty, even), a JSON list, a JSON object.
    const listed = new URLSearchParams({ ...REPORT, subject_name: 'Robot' });
    listed.delete('extra_remark');
    listed.append('extra_remark', '');
    listed.append('extra_remark', '');
    expect((await postReport(site.url, listed)).headers.get('location')).toMatch(confirmationAt(PAGE, 'received'));
    for (const trap of [['a', 'b'], [], { a: 'b' }, 0, false]) {
      const answer = await postReport(
        site.url,
        { ...REPORT, subject_name: 'Robot', extra_remark: trap },
        { json: true },
      );
      expect(await answer.json()).toEqual({ result: 'received', reference: expect.stringMatching(REFERENCE) });
    }
    expect(await submissionsOf(service.url, ADMIN_KEY)).toHaveLength(before);
    expect(site.logs.filter((line) => line.includes('filled in the honeypot'))).toHaveLength(7);
  });

  it('takes a form only where it is shown: a post to any other page is 405', async () => {
    const before = (await submissionsOf(service.url, ADMIN_KEY)).length;
    for (const at of ['/over-ons', '/x/y/z/w', '/', '/en/about-us']) {
      const response = await postReport(site.url, REPORT, { path: at });
      expect(response.status, at).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect((await postReport(site.url, REPORT, { path: at, json: true })).status).toBe(405);
    }
    expect(await submissionsOf(service.url, ADMIN_KEY)).toHaveLength(before);
  });

  it('refuses a post from another site, or from nowhere, with 403', async () => {
    const before = (await submissionsOf(service.url, ADMIN_KEY)).length;
    expect((await postReport(site.url, REPORT, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await postReport(site.url, REPORT, { origin: '' })).status).toBe(403);
    expect(
      (await postReport(site.url, REPORT, { origin: '', headers: { Referer: `${site.url}${PAGE}` } })).status,
    ).toBe(303);
    expect(await submissionsOf(service.url, ADMIN_KEY)).toHaveLength(before + 1);
  });

  it('refuses a body beyond its bound with 413', async () => {
    const response = await postReport(site.url, { ...REPORT, details: 'x'.repeat(100 * 1024) });
    expect(response.status).toBe(413);
  });

  it('limits the posts of one client (429), last in this file since it uses the hour up', async () => {
    const statuses: number[] = [];
    for (let post_ = 0; post_ < 30 && !statuses.includes(429); post_ += 1)
      statuses.push((await postReport(site.url, { ...REPORT, subject_name: '' }, { json: true })).status);
    expect(statuses).toContain(429);
    expect(statuses[0]).toBe(422);
    // Without JavaScript, the refused report comes back as the form with what was typed, saying why.
    const again = await postReport(site.url, REPORT);
    expect(again.status).toBe(429);
    const html = await again.text();
    expect(html).toContain('error-summary__problem');
    expect(html).toContain(REPORT.location);
    expect(again.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('with a CMS that fails', () => {
  let fake: FakeCms;
  let site: Site;
  let outboxDir: string;
  let metricsPort: number;
  let formAnswer: Answer = { status: 503 };
  const taken: Answer = { status: 200, body: { success: true, submission_created: true, submission: {} } };
  const setAside = async () => readdir(path.join(outboxDir, 'set-aside'));
  const metric = async (series: string) => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : Number.NaN;
  };
  const formPosts = () => fake.requests.filter((request) => request.url === '/!/forms/title_misuse');
  const pending = async () => readdir(path.join(outboxDir, 'pending'));
  const siteEnv = () => ({
    CMS_API_URL: fake.apiUrl,
    CMS_API_KEY: 'fake-cms-key',
    CMS_TIMEOUT_MS: '300',
    FORM_OUTBOX_DIR: outboxDir,
    FORM_RETRY_INTERVAL_MS: '50',
    METRICS_PORT: String(metricsPort),
  });

  beforeAll(async () => {
    metricsPort = await freePort();
    fake = await startFakeCms();
    const others = fake.answer;
    // The report's page, with its form; one item for every other list.
    const reportPage = {
      id: 'report',
      title: 'Titelmisbruik melden',
      slug: 'titelmisbruik-melden',
      url: PAGE,
      components: [{ id: 'form-1', type: 'form', form: 'title_misuse' }],
    };
    fake.answer = (request, attempt) =>
      request.url.startsWith('/!/forms/')
        ? formAnswer
        : request.url.startsWith('/api/collections/pages/')
          ? list([reportPage])
          : others(request, attempt);
    outboxDir = await mkdtemp(path.join(tmpdir(), 'form-outbox-'));
    site = await openSite(siteEnv());
  });
  afterAll(async () => {
    await site.stop();
    await fake.close();
    await rm(outboxDir, { recursive: true, force: true });
  });

  it.each([
    ['answers 5xx', { status: 503 }],
    ['is slow (timeout)', { status: 200, body: { success: true }, delayMs: 3000 }],
    ['breaks the connection', { resetMidBody: true }],
  ] as [string, Answer][])('keeps a report when the CMS %s, says so, and delivers it later', async (_case, failing) => {
    formAnswer = failing;
    const response = await postReport(site.url, REPORT);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(confirmationAt(PAGE, 'saved'));
    expect(await pending()).toHaveLength(1);
    // It is tried again, and fails again, while the CMS is still failing.
    const tried = formPosts().length;
    await vi.waitFor(() => expect(formPosts().length).toBeGreaterThan(tried), { timeout: 10_000, interval: 20 });
    expect(await pending()).toHaveLength(1);

    formAnswer = taken;
    await vi.waitFor(async () => expect(await pending()).toHaveLength(0), { timeout: 15_000, interval: 50 });
    const delivered = formPosts().at(-1);
    expect(delivered?.headers['x-api-key']).toBe('fake-cms-key');
    expect(delivered?.headers.accept).toBe('application/json');
    // Logged once removed from the outbox.
    await vi.waitFor(() =>
      expect(site.logs.some((line) => line.includes('a kept form submission was delivered to the CMS'))).toBe(true),
    );
  });

  it.each([401, 403, 404, 419, 400, 429])(
    'keeps a report the CMS turns away with %i, and keeps trying: the site is refused, not the report',
    async (status) => {
      formAnswer = { status, body: { message: 'No.' } };
      const before = await metric(`form_deliveries_total{outcome="${status === 429 ? 'throttled' : 'site_refused'}"}`);
      expect((await postReport(site.url, REPORT)).headers.get('location')).toMatch(confirmationAt(PAGE, 'saved'));
      const tried = formPosts().length;
      await vi.waitFor(() => expect(formPosts().length).toBeGreaterThan(tried + 1), { timeout: 10_000, interval: 20 });
      expect(await pending()).toHaveLength(1);
      expect(await setAside()).toHaveLength(0);
      expect(
        await metric(`form_deliveries_total{outcome="${status === 429 ? 'throttled' : 'site_refused'}"}`),
      ).toBeGreaterThan(before + 1);
      if (status !== 429)
        expect(
          site.logs.some((line) => line.includes(`"the CMS answered ${status}","msg":"the CMS refuses the site`)),
        ).toBe(true);
      formAnswer = taken;
      await vi.waitFor(async () => expect(await pending()).toHaveLength(0), { timeout: 15_000, interval: 50 });
    },
  );

  it('recognises a post repeated under its id: kept or delivered, it is not sent again', async () => {
    formAnswer = { status: 503 };
    const id = randomUUID();
    const first = await postReport(site.url, { ...REPORT, submission: id }, { json: true });
    const kept = (await first.json()) as { result: string; reference: string };
    expect(kept).toEqual({ result: 'saved', reference: expect.stringMatching(REFERENCE) });
    const { reference } = kept;
    const posted = formPosts().length;
    // The same report again, marked a repeat, while it is still kept: not posted, not kept twice, and
    // known by the same reference.
    const again = await postReport(site.url, { ...REPORT, submission: id, repeat: '1' }, { json: true });
    expect(await again.json()).toEqual({ result: 'saved', reference });
    expect(await pending()).toEqual([`${id}.json`]);
    formAnswer = taken;
    await vi.waitFor(async () => expect(await pending()).toHaveLength(0), { timeout: 15_000, interval: 50 });
    const delivered = formPosts().length;
    expect(delivered).toBeGreaterThan(posted);
    // And once delivered: "received", and still not posted again.
    const late = await postReport(site.url, { ...REPORT, submission: id, repeat: '1' }, { json: true });
    expect(await late.json()).toEqual({ result: 'received', reference });
    expect(formPosts().length).toBe(delivered);
  });

  it('sets aside, with the reason, a report the CMS refuses at its first post', async () => {
    formAnswer = { status: 422, body: { message: 'Invalid.', errors: { location: ['Not a place.'] } } };
    const before = await setAside();
    expect((await postReport(site.url, REPORT)).headers.get('location')).toMatch(confirmationAt(PAGE, 'saved'));
    const added = (await setAside()).filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    const kept = JSON.parse(await readFile(path.join(outboxDir, 'set-aside', added[0]!), 'utf8')) as { reason: string };
    expect(kept.reason).toBe('the CMS refused it (422): {"location":["Not a place."]}');
    // The gauge reads the outbox as the last round left it.
    await vi.waitFor(async () => expect(await metric('form_outbox_reports{state="set_aside"}')).toBeGreaterThan(0));
    expect(await metric('form_deliveries_total{outcome="refused"}')).toBeGreaterThan(0);
  });

  it('refuses a report beyond the bound with 503 and the form again, never "saved"', async () => {
    formAnswer = { status: 503 };
    const dir = await mkdtemp(path.join(tmpdir(), 'form-outbox-'));
    const bounded = await openSite({
      ...siteEnv(),
      FORM_OUTBOX_DIR: dir,
      FORM_OUTBOX_MAX_REPORTS: '2',
      METRICS_PORT: '0',
    });
    try {
      for (const name of ['Eerste', 'Tweede'])
        expect((await postReport(bounded.url, { ...REPORT, subject_name: name })).headers.get('location')).toMatch(
          confirmationAt(PAGE, 'saved'),
        );
      const over = await postReport(bounded.url, { ...REPORT, subject_name: 'Derde' });
      expect(over.status).toBe(503);
      const html = await over.text();
      expect(html).toContain('value="Derde"');
      expect(html).toContain('error-summary__problem');
      expect(html).not.toContain('form-confirmation');
      const json = await postReport(bounded.url, { ...REPORT, subject_name: 'Vierde' }, { json: true });
      expect(json.status).toBe(503);
      expect(await readdir(path.join(dir, 'pending'))).toHaveLength(2);
      expect(bounded.logs.some((line) => line.includes('the form outbox is full'))).toBe(true);
    } finally {
      await bounded.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sets a report the CMS refuses aside, logged as an error, and never delivers it again', async () => {
    formAnswer = { status: 503 };
    expect((await postReport(site.url, REPORT)).headers.get('location')).toMatch(confirmationAt(PAGE, 'saved'));
    const before = (await setAside()).length;
    formAnswer = { status: 422, body: { message: 'Invalid.', errors: { details: ['Too short.'] } } };
    await vi.waitFor(async () => expect(await pending()).toHaveLength(0), { timeout: 15_000, interval: 50 });
    expect(await setAside()).toHaveLength(before + 1);
    // Logged once out of the pending ones.
    await vi.waitFor(() => {
      const refused = site.logs.find((line) => line.includes('the CMS refused a kept form submission'));
      expect(JSON.parse(refused ?? '{}')).toMatchObject({ level: 'error', status: 422 });
    });
  });

  it('delivers what an earlier process kept, at start', async () => {
    formAnswer = { status: 503 };
    expect((await postReport(site.url, REPORT)).headers.get('location')).toMatch(confirmationAt(PAGE, 'saved'));
    await site.stop();
    expect(await pending()).toHaveLength(1);
    formAnswer = { status: 200, body: { success: true, submission_created: true, submission: {} } };
    // No retries in this process's life: only the round at start can deliver it.
    site = await openSite({ ...siteEnv(), FORM_RETRY_INTERVAL_MS: '3600000' });
    await vi.waitFor(async () => expect(await pending()).toHaveLength(0), { timeout: 15_000, interval: 50 });
  });

  it('says "received" only when the CMS took the report', async () => {
    formAnswer = { status: 200, body: { success: true, submission_created: true, submission: {} } };
    expect((await postReport(site.url, REPORT)).headers.get('location')).toMatch(confirmationAt(PAGE, 'received'));
  });
});

describe('with the CMS down and no outbox to keep a report in', () => {
  let service: ContentService;
  let proxy: CmsProxy;
  let site: Site;

  beforeAll(async () => {
    service = await startContentService({ apiKey: 'no-outbox-key', previewToken: 'no-outbox-preview' });
    proxy = await startCmsProxy(service.url);
    site = await openSite({
      CMS_API_URL: proxy.apiUrl,
      CMS_API_KEY: 'no-outbox-key',
      CMS_URL: service.url,
      // A directory that cannot be made.
      FORM_OUTBOX_DIR: '/proc/form-outbox',
    });
  });
  afterAll(async () => {
    await site.stop();
    await proxy.close();
    await service.close();
  });

  it('says so at start, and asks the visitor to try again later, with what they typed', async () => {
    expect(site.logs.some((line) => line.includes('the form outbox cannot be written'))).toBe(true);
    // The page's CMS answers are kept by the site; the form route is what fails.
    expect((await fetch(`${site.url}${PAGE}`)).status).toBe(200);
    proxy.down = true;
    const json = await postReport(site.url, REPORT, { json: true });
    expect(json.status).toBe(503);
    expect(await json.json()).toMatchObject({ submission: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const page = await postReport(site.url, REPORT);
    expect(page.status).toBe(503);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain('verstuur het over een paar minuten opnieuw');
    expect(html).toContain('value="Bouwbureau Jansen &amp; Zn"');
    expect(html).not.toContain('class="form-confirmation');
    // Sent again, it goes under the id it was given, as a repeat.
    const { submission, repeat } = carried(html);
    expect(submission).toMatch(/^[0-9a-f-]{36}$/);
    expect(repeat).toBe(true);
    const again = await postReport(site.url, { ...REPORT, submission: submission!, repeat: '1' });
    expect(again.status).toBe(503);
    expect(carried(await again.text()).submission).toBe(submission);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });
});

describe('with the CMS down and the outbox in Redis shared by two replicas', () => {
  const canRun = hasRedisServer();
  let redis: RunningRedis;
  let service: ContentService;
  let proxy: CmsProxy;
  let sites: Site[];

  beforeAll(async () => {
    if (!canRun) return;
    redis = await startRedis();
    service = await startContentService({
      apiKey: 'redis-forms-key',
      previewToken: 'redis-forms-preview',
      adminKey: ADMIN_KEY,
    });
    proxy = await startCmsProxy(service.url);
    const env = {
      CMS_API_URL: proxy.apiUrl,
      CMS_API_KEY: 'redis-forms-key',
      CMS_URL: service.url,
      REDIS_URL: redis.url,
      CACHE_SIGNING_KEY: 'a-signing-key-the-replicas-share-0123456789',
      REDIS_COMMAND_TIMEOUT_MS: '5000',
      FORM_RETRY_INTERVAL_MS: '50',
      // The limit's count lives in Redis too: without it, a post waits on Redis for the outbox alone.
      RATE_LIMIT_FORMS_PER_HOUR: '0',
      // Nothing may be written to disk with Redis configured.
      FORM_OUTBOX_DIR: '/nonexistent/form-outbox',
    };
    sites = await Promise.all([openSite(env), openSite(env)]);
    await vi.waitFor(
      () => expect(sites.every((site) => site.logs.some((line) => line.includes('Redis connected')))).toBe(true),
      { timeout: 15_000 },
    );
  });
  afterAll(async () => {
    if (!canRun) return;
    await Promise.all(sites.map((site) => site.stop()));
    await proxy.close();
    await service.close();
    await redis.stop();
  });

  it.skipIf(!canRun)('keeps reports in Redis and delivers each exactly once when the CMS is back', async () => {
    const [a, b] = sites as [Site, Site];
    proxy.down = true;
    const names = ['Eerste via A', 'Tweede via B', 'Derde via A'];
    const answers = await Promise.all(
      names.map((name, index) => postReport((index === 1 ? b : a).url, { ...REPORT, subject_name: name })),
    );
    expect(answers.map((response) => response.headers.get('location'))).toEqual(
      names.map(() => expect.stringMatching(confirmationAt(PAGE, 'saved'))),
    );
    expect(await submissionsOf(service.url, ADMIN_KEY)).toHaveLength(0);

    proxy.down = false;
    await vi.waitFor(async () => expect(await submissionsOf(service.url, ADMIN_KEY)).toHaveLength(names.length), {
      timeout: 15_000,
      interval: 50,
    });
    // Both replicas have since found the outbox empty: nothing was, or will be, delivered twice.
    const emptied = (site: Site) => site.logs.some((line) => /"pending":0,"setAside":0,"msg":"form outbox"/.test(line));
    await vi.waitFor(() => expect(sites.every(emptied)).toBe(true), { timeout: 10_000 });
    expect((await submissionsOf(service.url, ADMIN_KEY)).map((report) => report.subject_name).sort()).toEqual(
      [...names].sort(),
    );
  });

  it.skipIf(!canRun)(
    'answers a report Redis keeps too late 503 with its id, and recognises it when it is sent again',
    async () => {
      const [a] = sites as [Site];
      proxy.down = true;
      const admin = new Redis(redis.url);
      try {
        // Redis frozen (stopped) past the replicas' command timeout: the report is kept once it goes on.
        const pid = Number(/process_id:(\d+)/.exec(await admin.info('server'))?.[1]);
        process.kill(pid, 'SIGSTOP');
        let answer: Response;
        try {
          answer = await postReport(a.url, { ...REPORT, subject_name: 'Bevroren' });
        } finally {
          process.kill(pid, 'SIGCONT');
        }
        expect(answer.status).toBe(503);
        const { submission, repeat } = carried(await answer.text());
        expect(submission).toMatch(/^[0-9a-f-]{36}$/);
        expect(repeat).toBe(true);
        await vi.waitFor(async () =>
          expect(await admin.hexists('architectenregister:forms:pending', submission!)).toBe(1),
        );

        // The visitor sends the form shown again: recognised, kept once, not posted again.
        const again = await postReport(a.url, {
          ...REPORT,
          subject_name: 'Bevroren',
          submission: submission!,
          repeat: '1',
        });
        expect(again.headers.get('location')).toMatch(confirmationAt(PAGE, 'saved'));
        const reference = referenceIn(again.headers.get('location'));
        expect(await admin.hlen('architectenregister:forms:pending')).toBe(1);
        proxy.down = false;
        await vi.waitFor(
          async () =>
            expect(
              (await submissionsOf(service.url, ADMIN_KEY)).filter((report) => report.subject_name === 'Bevroren'),
            ).toHaveLength(1),
          { timeout: 15_000, interval: 50 },
        );
        await vi.waitFor(async () => expect(await admin.hlen('architectenregister:forms:pending')).toBe(0), {
          timeout: 10_000,
        });
        expect(
          (await submissionsOf(service.url, ADMIN_KEY)).filter((report) => report.subject_name === 'Bevroren'),
        ).toEqual([expect.objectContaining({ reference })]);
      } finally {
        admin.disconnect();
      }
    },
    60_000,
  );
});
