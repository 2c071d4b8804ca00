import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ClientManifest } from 'react-server-dom-webpack/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createReleaseManifests,
  portableManifest,
  releaseManifestFile,
} from '../../server/render/release-manifests.ts';

// Which client manifest a payload asked by a page of another release is rendered against: that
// release's, with this build's references resolved in it, or none.

const ROOT = '/app';
const CURRENT = 'aaaaaaaaaaaaaaaa';
const PREVIOUS = 'bbbbbbbbbbbbbbbb';
const OLDER = 'cccccccccccccccc';
const LATER = 'dddddddddddddddd';
const reference = (file: string) => pathToFileURL(path.join(ROOT, file)).href;

const own: ClientManifest = {
  [reference('src/client-components/cursor.tsx')]: { id: 10, chunks: [], name: '*' },
  [reference('src/client-components/report-form.tsx')]: { id: 11, chunks: [7, 'report-form.1111.js'], name: '*' },
};
const previous: ClientManifest = {
  'src/client-components/cursor.tsx': { id: 20, chunks: [], name: '*' },
  'src/client-components/report-form.tsx': { id: 21, chunks: [8, 'report-form.2222.js'], name: '*' },
  'src/client-components/gone-since.tsx': { id: 22, chunks: [], name: '*' },
};
// A release before the report form existed: its client cannot show this build's pages.
const older: ClientManifest = { 'src/client-components/cursor.tsx': { id: 30, chunks: [], name: '*' } };

let clientDir: string;
let shared: string;
const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn() };

const write = async (directory: string, buildId: string, manifest: ClientManifest | string) => {
  const file = path.join(directory, releaseManifestFile(buildId));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
};

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'client-'));
  shared = await mkdtemp(path.join(tmpdir(), 'shared-'));
  await write(clientDir, CURRENT, portableManifest(own, ROOT));
  await write(shared, PREVIOUS, previous);
  await write(shared, OLDER, older);
});

afterAll(async () => {
  for (const directory of [clientDir, shared]) await rm(directory, { recursive: true, force: true });
});

const releases = () =>
  createReleaseManifests({ own, ownPortable: portableManifest(own, ROOT), directories: [clientDir, shared], log });

describe('the client manifest for a page of another release', () => {
  it("resolves this build's references in that release's client", async () => {
    expect(await releases().forBuild(PREVIOUS)).toEqual({
      [reference('src/client-components/cursor.tsx')]: previous['src/client-components/cursor.tsx'],
      [reference('src/client-components/report-form.tsx')]: previous['src/client-components/report-form.tsx'],
    });
  });

  it('is none for a release whose client lacks a component of this one', async () => {
    expect(await releases().forBuild(OLDER)).toBeNull();
  });

  it('is none for what is not a build id, without looking for a file', async () => {
    const lookup = releases();
    for (const asked of ['../../etc/passwd', '', 'BBBBBBBBBBBBBBBB', `${PREVIOUS}0`])
      expect(await lookup.forBuild(asked)).toBeNull();
  });

  it('is looked for again a while after it was missing, as its replicas may publish it meanwhile', async () => {
    vi.useFakeTimers();
    try {
      const lookup = releases();
      expect(await lookup.forBuild(LATER)).toBeNull();
      await write(shared, LATER, previous);
      expect(await lookup.forBuild(LATER)).toBeNull();
      vi.advanceTimersByTime(30_000);
      expect(await lookup.forBuild(LATER)).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is none, with a warning, when its file cannot be read', async () => {
    await write(shared, 'eeeeeeeeeeeeeeee', '{ not json');
    expect(await releases().forBuild('eeeeeeeeeeeeeeee')).toBeNull();
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ buildId: 'eeeeeeeeeeeeeeee' }),
      expect.stringContaining('cannot be read'),
    );
  });
});
