import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_INPUTS, BUILD_MANIFEST } from './finish-build.ts';
import type { BuildInputs } from './finish-build.ts';
import { COMPILED_SERVER_ENTRY } from './build-server.ts';

// Whether dist/ was built from the sources as they are now: every file the build read (listed by the
// build itself, scripts/finish-build.ts), and every folder it searched for files, is still there and
// no newer than the build. A file added to such a folder changes the folder's time.

const modified = async (file: string): Promise<number> =>
  (await stat(file).catch(() => null))?.mtimeMs ?? Number.POSITIVE_INFINITY;

/** A production build at least as new as every source (`npm run dev` leaves a development build). */
export const buildIsCurrent = async (root: string): Promise<boolean> => {
  const readJson = async <T>(file: string): Promise<T | null> =>
    JSON.parse(await readFile(path.join(root, file), 'utf8').catch(() => 'null')) as T | null;
  const [manifest, inputs] = await Promise.all([
    readJson<{ mode?: string; buildId?: string }>(BUILD_MANIFEST),
    readJson<BuildInputs>(BUILD_INPUTS),
  ]);
  // A list in another shape is one an older build wrote: build again.
  if (manifest?.mode !== 'production' || !manifest.buildId || !Array.isArray(inputs?.paths)) return false;
  // The compiled server is part of the build (npm start runs it).
  if (!existsSync(path.join(root, COMPILED_SERVER_ENTRY))) return false;
  const built = await modified(path.join(root, BUILD_MANIFEST));
  const times = await Promise.all(inputs.paths.map((input) => modified(path.join(root, input))));
  return times.every((time) => time <= built);
};
