import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

// SHARED_ASSETS_DIR: a volume that every replica mounts, where the public build files of each release
// accumulate. A replica puts its own there before it listens, and serves from there what its own build
// lacks: during a rolling update a replica of the old release then answers the scripts and stylesheets
// named by a page of the new one (and the other way round). Files are named by their content, so a name
// already there holds the same bytes and is left as it is.

/** Copies the files of `clientDir` missing from `sharedDir`, each whole or not at all; the number copied. */
const publishAssets = async (clientDir: string, sharedDir: string): Promise<number> => {
  let copied = 0;
  for (const entry of await readdir(clientDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(clientDir, path.join(entry.parentPath, entry.name));
    const target = path.join(sharedDir, relative);
    if (existsSync(target)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    // Replicas starting together may write the same name: each writes a file of its own and renames it.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await copyFile(path.join(clientDir, relative), temporary);
      await rename(temporary, target);
      copied += 1;
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }
  return copied;
};

/** publishAssets, logged; a volume that cannot be written leaves the replica serving its own files. */
export const publishAssetsLogged = async (clientDir: string, sharedDir: string, log: Logger): Promise<void> => {
  try {
    const copied = await publishAssets(clientDir, sharedDir);
    log.info({ sharedAssetsDir: sharedDir, copied }, 'public build files published to the shared assets directory');
  } catch (error) {
    log.error(
      { err: error, sharedAssetsDir: sharedDir },
      'the shared assets directory cannot be written: the files of this release are served by its own replicas only',
    );
  }
};
