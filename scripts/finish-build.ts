import { spawnSync } from 'node:child_process';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientManifest } from 'react-server-dom-webpack/server';
import type { MultiStats } from 'webpack';
import { buildIdOf } from './build-id.ts';
import type { BuildOutput } from './build-id.ts';
import type { BuildManifest } from '../src/common/contract.ts';
import { portableManifest, releaseManifestFile } from '../server/render/release-manifests.ts';
import { RELEASES_FILE } from './webpack/previous-release.ts';
import type { Releases } from './webpack/previous-release.ts';

// What `npm run build` and `npm run dev` do once the client, RSC and SSR compilations (and, for
// `npm run build`, the server's modules, scripts/build-server.ts) are all done:
// stamp the build id, a hash of every file the three wrote (scripts/build-id.ts), into
// dist/server/build.json; list the source files they read, for `npm start` to tell whether dist/ is
// older than the sources (scripts/source-freshness.ts); and list the public files of this release, for
// the next build to keep (scripts/webpack/previous-release.ts).

export const BUILD_MANIFEST = 'dist/server/build.json';
export const BUILD_INPUTS = 'dist/server/build-inputs.json';
const CLIENT_MANIFEST = 'dist/server/react-client-manifest.json';
const BUILD_CODE = [
  'scripts/build.ts',
  'scripts/finish-build.ts',
  'scripts/build-id.ts',
  'scripts/build-server.ts',
  'scripts/runtime-files.ts',
];

/** The project's own files and folders a build read (not node_modules: package-lock.json stands for those). */
export interface BuildInputs {
  paths: string[];
}

/**
 * The commit the build is made from, for the metric `website_build_info`: the image's build argument
 * REVISION (its build has no .git), else the checkout's HEAD, else empty.
 */
const sourceRevision = (root: string): string =>
  process.env.REVISION ||
  (spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() ?? '');

/** `serverModules`: the modules compiled into dist/node/ (scripts/build-server.ts), inputs of the build too. */
export const finishBuild = async (stats: MultiStats, root: string, serverModules: string[] = []): Promise<string> => {
  const manifestFile = path.join(root, BUILD_MANIFEST);
  const outputs: Promise<BuildOutput>[] = [];
  // Besides what the compilations read: the build's own code, which Node (not webpack) loads.
  const inputs = new Set<string>(['package-lock.json', 'webpack.config.ts', ...BUILD_CODE, ...serverModules]);
  const publicFiles: string[] = [];
  // Not the checkout's own folder: its time changes with every folder a test run or a benchmark adds.
  const addInput = (file: string) => {
    const relative = path.relative(root, file);
    if (
      relative &&
      !relative.startsWith('..') &&
      !path.isAbsolute(relative) &&
      !relative.split(path.sep).includes('node_modules')
    )
      inputs.add(relative);
  };

  for (const plugin of await readdir(path.join(root, 'scripts/webpack'))) inputs.add(`scripts/webpack/${plugin}`);
  for (const { compilation } of stats.stats) {
    const outputPath = compilation.outputOptions.path;
    for (const { name } of compilation.getAssets()) {
      const file = path.join(outputPath, name);
      if (compilation.name === 'client' && !name.startsWith('../')) publicFiles.push(name);
      // Source maps decide nothing a visitor gets, and their columns shift with the length of the
      // checkout's path wherever a bundle names it. Emitted sources are released after writing; the
      // files are what browsers and servers get.
      if (file !== manifestFile && !name.endsWith('.map'))
        outputs.push(readFile(file).then((content) => ({ name: `${compilation.name}/${name}`, content })));
    }
    // Files, and folders searched for files (a file added to one changes the folder's time).
    for (const file of compilation.fileDependencies) addInput(file);
    for (const directory of compilation.contextDependencies) addInput(directory);
  }

  const buildId = buildIdOf(await Promise.all(outputs), root);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BuildManifest;
  const buildInputs: BuildInputs = { paths: [...inputs].sort() };
  // This release's client manifest among its public files, for replicas of other releases rendering
  // payloads for its pages (server/render/release-manifests.ts).
  const releaseManifest = releaseManifestFile(buildId);
  await mkdir(path.join(root, 'dist/client', path.dirname(releaseManifest)), { recursive: true });
  const clientManifest = JSON.parse(await readFile(path.join(root, CLIENT_MANIFEST), 'utf8')) as ClientManifest;
  await writeFile(
    path.join(root, 'dist/client', releaseManifest),
    JSON.stringify(portableManifest(clientManifest, root), null, 2),
  );
  publicFiles.push(releaseManifest.split(path.sep).join('/'));
  const releases: Releases = { current: { buildId, mode: manifest.mode, files: publicFiles.sort() } };
  await writeFile(path.join(root, BUILD_INPUTS), JSON.stringify(buildInputs, null, 2));
  await writeFile(path.join(path.dirname(manifestFile), RELEASES_FILE), JSON.stringify(releases, null, 2));
  // Written last: its time is the build's time for the freshness check.
  await writeFile(manifestFile, JSON.stringify({ ...manifest, buildId, revision: sourceRevision(root) }, null, 2));
  return buildId;
};
