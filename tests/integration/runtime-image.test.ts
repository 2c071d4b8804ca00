import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleRuntime } from '../../scripts/assemble-runtime.ts';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { waitForLine } from '../helpers/processes.ts';
import { ROOT, get, spawnSite, startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

// The container image's runtime stage without a Docker engine: the folder the Dockerfile copies into
// it, assembled by the same script from this checkout's build, runs the site on its own against a CMS
// (the sample content service, which the folder leaves out, on its own).

const CMS_KEY = 'runtime-image-cms-key';
const GLIDE_KEY = 'runtime-image-glide-key';

let folder: string;
let service: ContentService;
let site: RunningSite;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'runtime-image-'));
  await assembleRuntime(folder);
  service = await startContentService({
    apiKey: CMS_KEY,
    previewToken: 'runtime-image-preview',
    glideSigningKey: GLIDE_KEY,
  });
  site = await startSite(
    { CMS_API_URL: service.apiUrl, CMS_API_KEY: CMS_KEY, CMS_URL: service.url, GLIDE_SIGNING_KEY: GLIDE_KEY },
    folder,
    'server/main.js',
  );
}, 90_000);

afterAll(async () => {
  await site?.stop();
  await service?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the runtime image', () => {
  it('is the assembled folder and nothing else, labelled with its source, version, commit and build id', async () => {
    const dockerfile = await readFile(path.join(ROOT, 'Dockerfile'), 'utf8');
    const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(dockerfile).toMatch(/^RUN npm run build && node scripts\/assemble-runtime\.ts \/runtime$/m);
    // The public files of the releases before (docs/operations.md, "Upgrades"), then this release's folder.
    expect(runtimeStage.match(/^COPY .*$/gm)).toEqual([
      'COPY --from=previous-assets /assets ./dist/client',
      'COPY --from=build /runtime ./',
      'COPY --from=previous-assets --chown=node:node /shared-assets /var/lib/architectenregister/assets',
    ]);
    for (const label of [
      'org.opencontainers.image.source',
      'org.opencontainers.image.version',
      'org.opencontainers.image.revision',
      'nl.architectenregister.build-id',
    ]) {
      expect(runtimeStage).toContain(`${label}=`);
    }
  });

  it('serves pages in both languages, errors, assets and feeds from that folder alone', async () => {
    const home = await get(`${site.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<html lang="nl"[ >]/);
    expect((await get(`${site.url}/en`)).status).toBe(200);
    expect((await get(`${site.url}/x/y/z/w`)).status).toBe(404);
    const entry = (await readdir(path.join(folder, 'dist/client'))).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
    expect((await get(`${site.url}/assets/${entry}`)).status).toBe(200);
    expect((await get(`${site.url}/feeds/nieuws.xml`)).status).toBe(200);
    // Images come from the CMS itself.
    expect(await (await get(`${site.url}/`)).text()).toContain(`${service.url}/img/`);
    expect(site.logs.filter((line) => /"level":"(error|fatal)"/.test(line))).toEqual([]);
  });

  it('holds no build tooling, tests, browser sources or libraries that only the bundles use', () => {
    for (const absent of [
      'tests',
      'scripts',
      'locales',
      'src/client-components',
      'src/browser',
      'dist/server/rsc.cjs.map',
      'dist/server/build-inputs.json',
      'sample-cms',
    ]) {
      expect(existsSync(path.join(folder, absent)), absent).toBe(false);
    }
    for (const library of [
      'webpack',
      'typescript',
      'vitest',
      'lighthouse',
      '@playwright/test',
      'react',
      'react-dom',
      'react-server-dom-webpack',
      'lottie-web',
      'node',
      // The sample content service's image libraries.
      '@resvg/resvg-js',
      '@jsquash/webp',
      'jpeg-js',
    ]) {
      expect(existsSync(path.join(folder, 'node_modules', library)), library).toBe(false);
    }
  });

  it('without CMS_API_URL, stops at start with a line that says so', async () => {
    const started = spawnSite({}, folder, 'server/main.js');
    const message = 'CMS_API_URL and CMS_API_KEY are required: this build holds no sample content service';
    // Killed if it starts instead.
    await waitForLine(started, "The folder's site", (line) => line.includes(message) || undefined);
    expect(await started.exited).toBe(1);
  });
});
