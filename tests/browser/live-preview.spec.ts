import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { entryId } from '../../sample-cms/content/store.ts';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { setProcessOwner } from '../helpers/processes.ts';
import { startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';
import { expect, test } from './fixtures.ts';

// Statamic's Live Preview with `refresh: false`, as an editor meets it: a stand-in control panel on
// another loopback port frames a preview and posts `statamic.preview.updated` with the token of each
// unsaved state (made by the content service, as Statamic does); a third origin posts too. The site
// allows only the control panel to frame previews (PREVIEW_FRAME_ANCESTORS).

const API_KEY = 'live-preview-test-key';
const ADMIN_KEY = 'live-preview-admin-key';
const PREVIEW_TOKEN = 'live-preview-first-token';
const ENTRY = entryId('over-ons', 'default');

let service: ContentService;
let site: RunningSite;
let controlPanel: http.Server;
let foreign: http.Server;
let controlPanelUrl: string;
let foreignUrl: string;

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

const html = (body: string) => (_: http.IncomingMessage, response: http.ServerResponse) => {
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(`<!DOCTYPE html><html><body style="margin:0">${body}</body></html>`);
};

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  setProcessOwner(testInfo.file);
  service = await startContentService({ apiKey: API_KEY, previewToken: PREVIEW_TOKEN, adminKey: ADMIN_KEY });
  let previewUrl = '';
  // The control panel frames the preview and, beside it, a page of another origin.
  controlPanel = http.createServer((request, response) =>
    html(
      `<iframe id="preview" src="${previewUrl}" style="width:800px;height:500px;border:0"></iframe><iframe id="foreign" src="${foreignUrl}"></iframe>`,
    )(request, response),
  );
  foreign = http.createServer(html('<p>Another site</p>'));
  [controlPanelUrl, foreignUrl] = await Promise.all([listen(controlPanel), listen(foreign)]);
  site = await startSite({
    CMS_API_URL: service.apiUrl,
    CMS_API_KEY: API_KEY,
    PREVIEW_FRAME_ANCESTORS: controlPanelUrl,
  });
  previewUrl = `${site.url}/cms-preview/pages/${ENTRY}?token=${PREVIEW_TOKEN}`;
});

test.afterAll(async () => {
  await site?.stop();
  await service?.close();
  await Promise.all([controlPanel, foreign].map((server) => new Promise((resolve) => server?.close(resolve))));
});

/** What Live Preview does on a pause in typing: keeps the unsaved title under a new token. */
const unsavedTitle = async (title: string): Promise<string> => {
  const response = await fetch(`${service.url}/admin/live-preview/collections/pages/entries/${ENTRY}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
};

const updateMessage = (token: string) => ({
  name: 'statamic.preview.updated',
  url: `${site.url}/cms-preview/pages/${ENTRY}?token=${token}`,
  token,
  reference: `entry::${ENTRY}`,
});

test('an update from the control panel changes the preview in place, keeping its scroll position; another origin changes nothing', async ({
  page,
  recorded,
}) => {
  await page.goto(controlPanelUrl);
  const preview = page.frameLocator('#preview');
  await expect(preview.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Over ons');
  const previewFrame = page.frame({ url: (url) => url.pathname.startsWith('/cms-preview/') })!;
  await previewFrame.evaluate(() => window.scrollTo(0, 300));
  recorded.reset();

  // A third origin's message, first: with a token the content service would honour.
  const foreignToken = await unsavedTitle('Van een andere site');
  await page
    .frame({ url: foreignUrl + '/' })!
    .evaluate((message) => window.parent.frames[0]!.postMessage(message, '*'), updateMessage(foreignToken));

  const token = await unsavedTitle('Over ons, concept');
  await page.evaluate(
    (message) => (document.getElementById('preview') as HTMLIFrameElement).contentWindow!.postMessage(message, '*'),
    updateMessage(token),
  );
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Over ons, concept');

  expect(await previewFrame.evaluate(() => window.scrollY)).toBe(300);
  expect(recorded.documentLoads()).toEqual([]);
  // The preview's own payload, once; links that scrolled into view may have their pages' payloads
  // preloaded meanwhile (when the browser is idle, src/browser/preload-links.ts), which is not the update.
  const payloads = recorded.payloadFetches().filter((url) => new URL(url).pathname.startsWith('/cms-preview/'));
  expect(payloads).toHaveLength(1);
  expect(payloads[0]).toContain(`token=${token}`);
  expect(recorded.requests.map((request) => request.url()).filter((url) => url.includes(foreignToken))).toEqual([]);
});

test('of two updates in flight, only the latest applies', async ({ page, recorded }) => {
  await page.goto(controlPanelUrl);
  const preview = page.frameLocator('#preview');
  await expect(preview.locator('html')).toHaveAttribute('data-hydrated', 'true');
  recorded.reset();
  const [older, newer] = [await unsavedTitle('Eerste versie'), await unsavedTitle('Tweede versie')];
  // The older answer is held back until the newer one is on screen.
  let releaseOlder!: () => void;
  const olderHeld = new Promise<void>((resolve) => (releaseOlder = resolve));
  await page.route(`**/*token=${older}*`, async (route) => {
    await olderHeld;
    await route.continue();
  });
  const post = (token: string) =>
    page.evaluate(
      (message) => (document.getElementById('preview') as HTMLIFrameElement).contentWindow!.postMessage(message, '*'),
      updateMessage(token),
    );

  await post(older);
  await post(newer);
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Tweede versie');
  const olderAnswer = page.waitForResponse((response) => response.url().includes(`token=${older}`));
  releaseOlder();
  await olderAnswer;
  // Had it been applied, it would be rendered by the next frames.
  const previewFrame = page.frame({ url: (url) => url.pathname.startsWith('/cms-preview/') })!;
  await previewFrame.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Tweede versie');
  expect(recorded.documentLoads()).toEqual([]);
});
