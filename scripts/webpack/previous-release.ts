import { readFileSync } from 'node:fs';
import path from 'node:path';

// A CDN may go on serving a page of the release before for up to `s-maxage + stale-while-revalidate`
// after a deploy, and that page asks for its own hashed scripts and stylesheet. A build therefore
// keeps the public files of the release it replaces (not older ones): webpack's clean step leaves
// the files listed for the current release in dist/server/releases.json, which the build rewrites
// once it is done (scripts/finish-build.ts). A development build (`npm run dev`) was never served by a
// CDN: the build after it keeps none of its files.

export const RELEASES_FILE = 'releases.json';

export interface Releases {
  /** The release in dist/ now: its build id, its mode and its public files, relative to dist/client. */
  current: { buildId: string; mode?: 'production' | 'development'; files: string[] };
}

export const readReleases = (serverDir: string): Releases | null => {
  try {
    return JSON.parse(readFileSync(path.join(serverDir, RELEASES_FILE), 'utf8')) as Releases;
  } catch {
    return null;
  }
};

/** For `output.clean.keep` of the client compilation: whether a file belongs to the release being replaced. */
export const keepPreviousRelease = (serverDir: string): ((file: string) => boolean) => {
  const current = readReleases(serverDir)?.current;
  const previous = new Set(current?.mode === 'development' ? [] : (current?.files ?? []));
  return (file) => previous.has(file.split(path.sep).join('/'));
};
