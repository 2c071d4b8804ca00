import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

// Whether dist/ was built from the sources as they are now.

const SOURCES = ['src', 'server/render', 'scripts/webpack', 'webpack.config.ts', 'package-lock.json'];
const BUILD_MARKER = 'dist/server/build.json';

const newestModification = async (entry: string): Promise<number> => {
  const info = await stat(entry).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const children = await readdir(entry);
  const times = await Promise.all(children.map((child) => newestModification(path.join(entry, child))));
  return Math.max(info.mtimeMs, ...times);
};

/** A production build at least as new as every source (`npm run dev` leaves a development build). */
export const buildIsCurrent = async (root: string): Promise<boolean> => {
  const built = await stat(path.join(root, BUILD_MARKER)).catch(() => null);
  if (!built) return false;
  const manifest = JSON.parse(await readFile(path.join(root, BUILD_MARKER), 'utf8')) as { mode?: string };
  if (manifest.mode !== 'production') return false;
  const sources = await Promise.all(SOURCES.map((source) => newestModification(path.join(root, source))));
  return Math.max(...sources) <= built.mtimeMs;
};
