import { execFileSync } from 'node:child_process';
import { appendFile, cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutRoot } from '../../scripts/build-id.ts';
import { BUILD_INFO_PATH, RSC_QUERY_PARAM } from '../../src/common/payload.ts';
import { BUILD_INPUTS, BUILD_MANIFEST } from '../../scripts/finish-build.ts';
import { buildIsCurrent } from '../../scripts/source-freshness.ts';
import { RELEASES_FILE, readReleases } from '../../scripts/webpack/previous-release.ts';
import { checkoutFiles, copyCheckoutFiles } from '../helpers/checkout-files.ts';
import { startProcess } from '../helpers/processes.ts';
import { chromiumPath } from '../helpers/chromium.ts';
import { BROWSER_USER_AGENT, ROOT, startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

// One release per cache, and no broken page between releases (docs/specification.md section 9.10,
// "Build id"):
// - replicas built from the same sources on different machines agree on the build id, so a build of
//   this checkout copied to another path has the same id and the same files;
// - a release changes the id, and keeps the previous release's public files, so that a page a CDN
//   kept from before the deploy still loads every script it names from the new server.
// Builds run one after the other in a copy of the sources, beside one other test file (vitest.config.ts):
// a build takes under a minute on two cores, and each has BUILD_TIMEOUT_MS.

const BUILD_TIMEOUT_MS = 240_000;

let copy: string;
const sites: RunningSite[] = [];
const buildIdAt = async (root: string) =>
  (JSON.parse(await readFile(path.join(root, BUILD_MANIFEST), 'utf8')) as { buildId: string }).buildId;
// The files of the release a build made (dist/client also keeps those of the release before).
const releaseFiles = (root: string) => readReleases(path.join(root, 'dist/server'))?.current.files ?? [];
const clientFiles = async (root: string) =>
  (await readdir(path.join(root, 'dist/client'), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(path.join(root, 'dist/client'), path.join(entry.parentPath, entry.name)))
    .sort();
// Each file the build id covers, as the id counts it (the checkout's path as a placeholder).
const outputs = async (root: string): Promise<Map<string, string>> => {
  const notCounted = new Set([path.basename(BUILD_MANIFEST), path.basename(BUILD_INPUTS), RELEASES_FILE]);
  const serverFiles = (await readdir(path.join(root, 'dist/server'))).filter(
    (file) => !file.endsWith('.map') && !notCounted.has(file),
  );
  const files = [
    ...releaseFiles(root)
      .filter((file) => !file.endsWith('.map'))
      .map((file) => `client/${file}`),
    ...serverFiles.map((file) => `server/${file}`),
  ];
  const contents = files.map(
    async (name) =>
      [name, withoutRoot(await readFile(path.join(root, 'dist', name)), root).toString('latin1')] as const,
  );
  return new Map(await Promise.all(contents));
};
// Each file that differs between two builds, with the place where it first differs, on one line: the
// line a CI log's summary keeps.
const differences = (built: Map<string, string>, reference: Map<string, string>): string[] =>
  [...new Set([...built.keys(), ...reference.keys()])].sort().flatMap((name) => {
    const [a = '', b = ''] = [built.get(name), reference.get(name)];
    if (a === b) return [];
    let at = 0;
    while (at < a.length && a[at] === b[at]) at += 1;
    const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
    return [`${name} differs at ${at} of ${a.length}/${b.length}: ${around(a)} here, ${around(b)} in the checkout`];
  });

const build = async (root: string) => {
  const run = startProcess(process.execPath, [path.join(root, 'scripts/build.ts')], { name: 'build' });
  const code = await run.exited;
  if (code !== 0) throw new Error(`The build in ${root} failed with ${code}:\n${run.logs.join('\n')}`);
};

let sameSources: { id: string; files: string[]; outputs: Map<string, string> };
let nextRelease: { id: string; files: string[] };

beforeAll(async () => {
  if (!(await buildIsCurrent(ROOT)))
    throw new Error('dist/ is missing or older than the sources: run npm run build first');
  copy = await mkdtemp(path.join(tmpdir(), 'site-elsewhere-'));
  await copyCheckoutFiles(checkoutFiles(), copy);
  // Dependencies as the copy's own files (a symlink would leave them at the checkout's path): hard
  // links where the file system allows, a full copy otherwise.
  try {
    execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules')]);
  } catch {
    await rm(path.join(copy, 'node_modules'), { recursive: true, force: true });
    await cp(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), {
      recursive: true,
      verbatimSymlinks: true,
    });
  }

  await build(copy);
  sameSources = { id: await buildIdAt(copy), files: releaseFiles(copy), outputs: await outputs(copy) };
  // The next release: a change to the browser code, built over the first.
  await appendFile(path.join(copy, 'src/entries/hydrate.tsx'), "\nconsole.debug('release 2');\n");
  await build(copy);
  nextRelease = { id: await buildIdAt(copy), files: await clientFiles(copy) };
}, 2 * BUILD_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe('a build of the same sources at another path', () => {
  it('writes the same client files and has the same build id', async () => {
    expect(sameSources.files).not.toEqual([]);
    expect(sameSources.files).toEqual(releaseFiles(ROOT));
    const differing = differences(sameSources.outputs, await outputs(ROOT));
    if (differing.length > 0) expect.fail(differing.join(' | '));
    expect(sameSources.id).toMatch(/^[0-9a-f]{16}$/);
    expect(sameSources.id).toBe(await buildIdAt(ROOT));
  });
});

describe('the next release', () => {
  it('has another build id and keeps the files of the release it replaces', () => {
    expect(nextRelease.id).not.toBe(sameSources.id);
    expect(nextRelease.files).toEqual(expect.arrayContaining(sameSources.files));
    expect(nextRelease.files.length).toBeGreaterThan(sameSources.files.length);
  });

  it('serves a page of the previous release, as a CDN may, with every script and stylesheet it names and the payloads of its links', async () => {
    // The releases' embedded sample CMSs sign Glide URLs with one key, as a CMS keeps its APP_KEY across a
    // release: the kept page's images stay valid.
    const glide = { GLIDE_SIGNING_KEY: 'releases-test-glide-signing-key' };
    const previous = await startSite(glide);
    sites.push(previous);
    const kept = await fetch(`${previous.url}/over-ons`, { headers: { 'user-agent': BROWSER_USER_AGENT } });
    const keptHtml = await kept.text();
    const keptHeaders = Object.fromEntries(kept.headers);

    const next = await startSite(glide, copy);
    sites.push(next);
    const origin = next.url;

    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ['--no-sandbox'],
    });
    try {
      const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
      const failed: string[] = [];
      const errors: string[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/assets/') && !response.ok())
          failed.push(`${response.status()} ${response.url()}`);
      });
      page.on('requestfailed', (request) => failed.push(`${request.failure()?.errorText} ${request.url()}`));
      const payloads: string[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).searchParams.has(RSC_QUERY_PARAM))
          payloads.push(`${response.status()} ${response.headers()['content-type']} ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // The document from the CDN, as the previous release sent it; everything else from the new server.
      await page.route(`${origin}/over-ons`, (route) =>
        route.fulfill({ status: 200, headers: keptHeaders, body: keptHtml }),
      );
      // During a rolling update the page's check for a newer build may reach a replica of its own release.
      await page.route(`${origin}${BUILD_INFO_PATH}?*`, (route) => route.fulfill({ json: { id: sameSources.id } }));
      await page.goto(`${origin}/over-ons`);
      await page.locator('html[data-hydrated="true"]').waitFor();
      // A link followed on that page: the new server renders the payload for the previous release's
      // client, which shows it in place (the window's own state survives: no page load).
      await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
      await page.locator('main a[href="/over-ons/organisatie"]').first().click();
      await page.waitForURL(`${origin}/over-ons/organisatie`);
      await expect.poll(() => page.locator('h1').textContent()).toMatch(/organisatie/i);
      expect(payloads).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`^200 text/x-component.*${sameSources.id}`))]),
      );
      expect(payloads.filter((line) => !line.startsWith('200 '))).toEqual([]);
      expect(await page.evaluate(() => 'stillThisDocument' in window)).toBe(true);
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
