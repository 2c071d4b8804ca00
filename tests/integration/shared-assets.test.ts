import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// SHARED_ASSETS_DIR (server/http/shared-assets.ts): the site puts its public build files in the shared
// directory before it listens, and serves from there what its own build lacks, as a file of another
// release. The same with real images of two releases: rolling-update.test.ts.

const OTHER_RELEASE_FILE = 'main.0123456789.js';

let shared: string;
let unwritable: string;
let site: Site;
let withoutVolume: Site;

beforeAll(async () => {
  shared = await mkdtemp(path.join(tmpdir(), 'shared-assets-'));
  // A file another release put there, and one of this release's names holding what that release wrote.
  await writeFile(path.join(shared, OTHER_RELEASE_FILE), 'console.log("the release before");\n');
  // A path below a file: unwritable even to root.
  unwritable = path.join(shared, OTHER_RELEASE_FILE);
  site = await openSite({ SHARED_ASSETS_DIR: shared });
  withoutVolume = await openSite({ SHARED_ASSETS_DIR: path.join(unwritable, 'assets') });
});

afterAll(async () => {
  await site?.stop();
  await withoutVolume?.stop();
  if (shared) await rm(shared, { recursive: true, force: true });
});

describe('a shared assets directory', () => {
  it('receives every public build file of the release, before the site listens', async () => {
    const own = await readdir(path.join(ROOT, 'dist/client'), { recursive: true });
    const there = await readdir(shared, { recursive: true });
    expect(there).toEqual(expect.arrayContaining(own));
    expect(there.filter((file) => file.endsWith('.tmp'))).toEqual([]);
    const entry = own.find((file) => /^main\.[0-9a-f]+\.js$/.test(file))!;
    expect(await readFile(path.join(shared, entry))).toEqual(await readFile(path.join(ROOT, 'dist/client', entry)));
    expect(site.logs.some((line) => line.includes('public build files published to the shared assets directory'))).toBe(
      true,
    );
  });

  it("serves another release's file from there, immutable, and 404 for a file neither has", async () => {
    const response = await get(`${site.url}/assets/${OTHER_RELEASE_FILE}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log("the release before");\n');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(`${site.url}/assets/main.fedcba9876.js`)).status).toBe(404);
  });

  it('left unwritable, is logged as an error and the site serves its own files', async () => {
    expect(withoutVolume.logs.some((line) => line.includes('the shared assets directory cannot be written'))).toBe(
      true,
    );
    const own = (await readdir(path.join(ROOT, 'dist/client'))).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
    expect((await get(`${withoutVolume.url}/assets/${own}`)).status).toBe(200);
    expect((await get(`${withoutVolume.url}/`)).status).toBe(200);
  });
});
