import { appendFile, chown, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RSC_CONTENT_TYPE, RSC_QUERY_PARAM } from '../../src/common/payload.ts';
import { startCmsOnHost } from '../helpers/containers/cms-on-host.ts';
import type { CmsOnHost } from '../helpers/containers/cms-on-host.ts';
import { startContainer, waitForOk } from '../helpers/containers/container.ts';
import type { Container } from '../helpers/containers/container.ts';
import { podman } from '../helpers/containers/podman.ts';
import { contextFiles, siteImage } from '../helpers/containers/site-image.ts';
import { copyCheckoutFiles } from '../helpers/checkout-files.ts';
import { freePort } from '../helpers/free-port.ts';
import { ROOT, get } from '../helpers/site.ts';

// A rolling update (docs/operations.md, "Upgrades"): the images of two releases, the second built from
// changed sources over the first (`--previous`), running side by side as replicas of one site with the
// volume of SHARED_ASSETS_DIR. Whichever replica a browser's request reaches, every script and
// stylesheet of either release answers 200, and so does a payload asked by a page of either.

const BUILD_TIMEOUT_MS = 25 * 60_000;
const PAGES = ['/', '/en', '/over-ons', '/actualiteiten', '/vind-een-architect'];
const SHARED_ASSETS_DIR = '/var/lib/architectenregister/assets';

interface Release {
  image: string;
  container: Container;
  url: string;
  /** The public build files in its image (its own and those of the releases before). */
  files: string[];
  buildId: string;
}

let copy: string;
let shared: string;
let cms: CmsOnHost;
let first: Release;
let second: Release;

/** The public files (not the releases' client manifests, which are not served). */
const listClientFiles = async (image: string) =>
  (
    await podman([
      'run',
      '--rm',
      '--pull=never',
      image,
      'find',
      '/app/dist/client',
      '-type',
      'f',
      '-not',
      '-path',
      '*/.releases/*',
      '-printf',
      '%P\\n',
    ])
  )
    .split('\n')
    .filter(Boolean);

const start = async (image: string): Promise<Release> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...cms.siteEnvironment, SHARED_ASSETS_DIR };
  const container = await startContainer(image, [
    '--pull=never',
    '--read-only',
    '--tmpfs=/tmp',
    '--cap-drop=ALL',
    `--volume=${shared}:${SHARED_ASSETS_DIR}`,
    `--publish=127.0.0.1:${port}:3000`,
    ...Object.entries(env).map(([name, value]) => `--env=${name}=${value}`),
  ]);
  await waitForOk(`${url}/readyz`);
  const { id } = (await (await get(`${url}/_build/latest.json`)).json()) as { id: string };
  return { image, container, url, files: await listClientFiles(image), buildId: id };
};

beforeAll(async () => {
  const firstImage = await siteImage();
  // The next release: a copy of the sources with a changed stylesheet and browser script.
  copy = await mkdtemp(path.join(tmpdir(), 'next-release-'));
  await copyCheckoutFiles(contextFiles(), copy);
  await cp(path.join(ROOT, 'Dockerfile'), path.join(copy, 'Dockerfile'));
  await appendFile(path.join(copy, 'src/styles/base.css'), '\n:root { --next-release: 2; }\n');
  await appendFile(path.join(copy, 'src/entries/hydrate.tsx'), "\nconsole.debug('next release');\n");
  const secondImage = await siteImage({ context: copy, previous: firstImage });

  cms = await startCmsOnHost('rolling-update');
  shared = await mkdtemp(path.join(tmpdir(), 'shared-assets-'));
  await chown(shared, 1000, 1000);
  // The old release runs first; the new one joins it.
  first = await start(firstImage);
  second = await start(secondImage);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await first?.container.remove();
  await second?.container.remove();
  await cms?.service.close();
  for (const folder of [copy, shared]) if (folder) await rm(folder, { recursive: true, force: true });
});

/** The scripts and stylesheets a page names. */
const namedAssets = async (url: string) => {
  const html = await (await get(url)).text();
  return [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((match) => match[1]!);
};

describe('two releases side by side', () => {
  it('are different releases, the second carrying the public files of the first', async () => {
    expect(second.buildId).not.toBe(first.buildId);
    const firstPageAssets = await namedAssets(`${first.url}/`);
    const secondPageAssets = await namedAssets(`${second.url}/`);
    expect(secondPageAssets.filter((file) => !firstPageAssets.includes(file)).length).toBeGreaterThan(0);
    expect(second.files).toEqual(expect.arrayContaining(first.files));
    expect(second.files.length).toBeGreaterThan(first.files.length);
  });

  it('answer every script and stylesheet of either release from either replica', async () => {
    const files = [...new Set([...first.files, ...second.files])];
    const named = (
      await Promise.all(PAGES.flatMap((page) => [first, second].map((release) => namedAssets(release.url + page))))
    ).flat();
    expect(files).toEqual(expect.arrayContaining(named));
    const failures: string[] = [];
    for (const release of [first, second])
      for (const file of files) {
        const response = await get(`${release.url}/assets/${file}`);
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`${response.status} ${file} from ${release.image}`);
      }
    expect(failures).toEqual([]);
  });

  it("answer a payload of either release, each for the asking page's client", async () => {
    for (const [release, other] of [
      [first, second],
      [second, first],
    ] as const)
      for (const buildId of [release.buildId, other.buildId]) {
        const response = await get(`${release.url}/over-ons?${RSC_QUERY_PARAM}=${buildId}`, {
          Accept: RSC_CONTENT_TYPE,
        });
        expect(response.status, `${buildId} from ${release.image}`).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/x-component/);
        expect(await response.text()).toContain(`"buildId":"${buildId}"`);
      }
  });
});
