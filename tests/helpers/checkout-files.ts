import { execFileSync } from 'node:child_process';
import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './site.ts';

// The checkout as a clean clone would have it, for tests that build or run it elsewhere (another path,
// an image, a fresh machine): what git holds, tracked files and new ones it does not ignore, without
// dist/ or node_modules/.

/** The checkout's files, relative to it, as git sees them. */
export const checkoutFiles = (): string[] =>
  execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);

/** Copies `files` (relative to the checkout) into `folder`; one deleted from the work tree but not yet from the index is left out. */
export const copyCheckoutFiles = async (files: readonly string[], folder: string): Promise<void> => {
  for (const file of files) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await cp(path.join(ROOT, file), path.join(folder, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
};
