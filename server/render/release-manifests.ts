import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientManifest } from 'react-server-dom-webpack/server';
import type { RenderLog } from '../../src/common/contract.ts';

// During a rolling update a page of one release asks a replica of another for a route's payload. The
// payload names client components by the module ids and chunks of the asking page's release, so the
// replica renders its own server components against that release's client manifest: every build writes
// its manifest beside its public files (in a folder that is never served), and those files accumulate
// where the releases' assets do (the previous image's files, SHARED_ASSETS_DIR). A release whose client
// lacks a component this one renders cannot take its payload: the page is then loaded in full.

/** The folder of dist/client (and of SHARED_ASSETS_DIR) holding each release's client manifest; a dot
 *  folder, which the static handlers do not serve. */
const RELEASE_MANIFESTS_DIR = '.releases';

const BUILD_ID = /^[0-9a-f]{16}$/;
/** How many other releases' manifests are kept in memory (a rolling update has one other release). */
const KEPT_RELEASES = 4;
/** How long a release without a manifest here is not looked for again (its replicas may publish it). */
const MISSING_RETRY_MS = 30_000;
const MISSING_KEPT = 64;

export const releaseManifestFile = (buildId: string): string => path.join(RELEASE_MANIFESTS_DIR, `${buildId}.json`);

/** A client manifest keyed by module path relative to the checkout, so that builds at other paths agree. */
export const portableManifest = (manifest: ClientManifest, root: string): ClientManifest =>
  Object.fromEntries(
    Object.entries(manifest).map(([key, entry]) => [
      path.relative(root, fileURLToPath(key)).split(path.sep).join('/'),
      entry,
    ]),
  );

const readManifest = async (file: string): Promise<ClientManifest | null> => {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as ClientManifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

export interface ReleaseManifests {
  /** The client manifest to render this build's pages for a client of `buildId`, or null when there is none. */
  forBuild(buildId: string): Promise<ClientManifest | null>;
}

/**
 * `own`: this build's manifest as its bundle names references (absolute module URLs), with its portable
 * copy; `directories`: where releases' manifest folders are, searched in order.
 */
export const createReleaseManifests = ({
  own,
  ownPortable,
  directories,
  log,
}: {
  own: ClientManifest;
  ownPortable: ClientManifest;
  directories: readonly string[];
  log: RenderLog;
}): ReleaseManifests => {
  // Each reference of this build by its portable key: an entry of both copies is the same module, whose
  // id is unique in the build.
  const portableKeyById = new Map(Object.entries(ownPortable).map(([key, entry]) => [entry.id, key]));
  const references = Object.entries(own).map(([key, entry]) => ({ key, portableKey: portableKeyById.get(entry.id) }));
  const kept = new Map<string, ClientManifest>();
  const missingSince = new Map<string, number>();

  /** This build's references resolved in the other release's client, or null when one is missing there. */
  const translate = (other: ClientManifest): ClientManifest | null => {
    const translated: ClientManifest = {};
    for (const { key, portableKey } of references) {
      const entry = portableKey === undefined ? undefined : other[portableKey];
      if (!entry) return null;
      translated[key] = entry;
    }
    return translated;
  };

  const find = async (buildId: string): Promise<ClientManifest | null> => {
    for (const directory of directories) {
      const manifest = await readManifest(path.join(directory, releaseManifestFile(buildId)));
      if (manifest) return translate(manifest);
    }
    return null;
  };

  return {
    async forBuild(buildId) {
      if (!BUILD_ID.test(buildId)) return null;
      const known = kept.get(buildId);
      if (known) return known;
      const missing = missingSince.get(buildId);
      if (missing !== undefined && Date.now() - missing < MISSING_RETRY_MS) return null;
      const manifest = await find(buildId).catch((error: unknown) => {
        log.warn({ err: error, buildId }, 'the client manifest of another release cannot be read');
        return null;
      });
      if (!manifest) {
        if (missingSince.size >= MISSING_KEPT) missingSince.delete(missingSince.keys().next().value!);
        missingSince.set(buildId, Date.now());
        return null;
      }
      missingSince.delete(buildId);
      if (kept.size >= KEPT_RELEASES) kept.delete(kept.keys().next().value!);
      kept.set(buildId, manifest);
      return manifest;
    },
  };
};
