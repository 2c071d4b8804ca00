import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_BUILD_FILES } from '../server/render/bundles.ts';
import { SERVER_OUTPUT, compiledPath } from './build-server.ts';
import { runtimeFiles } from './runtime-files.ts';

// `node scripts/assemble-runtime.ts <folder>`: after `npm run build`, puts in <folder> what the server
// runs, laid out as in the checkout: package.json (it makes the .js files ES modules), the server's
// modules and the src/ modules they import as the build compiled them (dist/node/, scripts/build-server.ts),
// the packages those load (scripts/runtime-files.ts), the client assets, the server bundles and manifests
// it reads, and public/, without the sample CMS (so CMS_API_URL is required). The
// Dockerfile's runtime stage is this folder; `node server/main.js` in it starts the site.

const root = path.resolve(import.meta.dirname, '..');

/** Copies `relative` from the checkout; a package's own node_modules/ is left out (its runtime
 *  dependencies among them are copied on their own). */
const copy = (target: string, relative: string, options: { packageDir?: boolean } = {}) =>
  cp(path.join(root, relative), path.join(target, relative), {
    recursive: true,
    filter: (source) =>
      !options.packageDir || !path.relative(path.join(root, relative), source).split(path.sep).includes('node_modules'),
  });

/** The sample CMS (sample-cms/): an image of its own (the Dockerfile's `sample-cms`), not the site's. */
export const isSampleCms = (module: string): boolean => module.startsWith('sample-cms/');

export const assembleRuntime = async (target: string): Promise<void> => {
  const { modules, packages } = runtimeFiles(root, undefined, isSampleCms);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  const files = [
    'package.json',
    'public',
    'dist/client',
    ...Object.values(SERVER_BUILD_FILES).map((file) => path.join('dist/server', file)),
  ];
  // One at a time: a package nested in another's node_modules/ would race it for the folder.
  for (const file of files) await copy(target, file);
  for (const module of modules) {
    const compiled = compiledPath(module);
    await cp(path.join(root, compiled), path.join(target, path.relative(SERVER_OUTPUT, compiled)));
  }
  for (const dir of packages) await copy(target, dir, { packageDir: true });
};

if (import.meta.main) {
  const target = process.argv[2];
  if (!target) {
    console.error('Usage: node scripts/assemble-runtime.ts <folder>');
    process.exit(2);
  }
  await assembleRuntime(path.resolve(target));
  console.log(`The server's runtime files are in ${path.resolve(target)}; run \`node server/main.js\` there.`);
}
