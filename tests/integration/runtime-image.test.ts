import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleRuntime } from '../../scripts/assemble-runtime.ts';
import { ROOT, get, startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

// The container image's runtime stage without a Docker engine: the folder the Dockerfile copies into
// it, assembled by the same script from this checkout's build, runs the site on its own.

let folder: string;
let site: RunningSite;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'runtime-image-'));
  await assembleRuntime(folder);
  site = await startSite({}, folder, 'server/main.js');
}, 90_000);

afterAll(async () => {
  await site?.stop();
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

  it('serves pages in both languages, errors, assets, feeds and media from that folder alone', async () => {
    const home = await get(`${site.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<html lang="nl"[ >]/);
    expect((await get(`${site.url}/en`)).status).toBe(200);
    expect((await get(`${site.url}/x/y/z/w`)).status).toBe(404);
    const entry = (await readdir(path.join(folder, 'dist/client'))).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
    expect((await get(`${site.url}/assets/${entry}`)).status).toBe(200);
    expect((await get(`${site.url}/feeds/nieuws.xml`)).status).toBe(200);
    // A share image and a responsive image: the embedded content service's native renderer and its
    // WebAssembly WebP encoder are in the folder too.
    const shareImage = await get(
      `${site.url}/cms/img/assets/images/og/architectenregister.jpg?w=1200&h=630&fit=crop&fm=jpg`,
    );
    expect(shareImage.status).toBe(200);
    expect(shareImage.headers.get('content-type')).toBe('image/jpeg');
    const responsiveImage = await get(`${site.url}/cms/img/assets/images/hero/home.jpg?w=640&fm=webp`);
    expect(responsiveImage.status).toBe(200);
    expect(responsiveImage.headers.get('content-type')).toBe('image/webp');
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
    ]) {
      expect(existsSync(path.join(folder, 'node_modules', library)), library).toBe(false);
    }
  });
});
