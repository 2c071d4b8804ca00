import { execFileSync } from 'node:child_process';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_BUILD_FILES } from '../server/render/bundles.ts';
import { SERVER_OUTPUT, compiledPath } from './build-server.ts';
import { serverModules } from './runtime-files.ts';

// `node scripts/assemble-runtime.ts <folder>`: after `npm run build`, puts in <folder> what the server
// runs, laid out as in the checkout: package.json (it makes the .js files ES modules), the server's
// modules and the src/ modules they import as the build compiled them (dist/node/, scripts/build-server.ts,
// found by scripts/runtime-files.ts), the packages of package.json's `dependencies` as `npm ci
// --omit=dev` installs them from the lock, the client assets, the server bundles and manifests it reads,
// and public/, without the sample CMS (so CMS_API_URL is required). The Dockerfile's runtime stage is
// this folder; `node server/main.js` in it starts the site.

const root = path.resolve(import.meta.dirname, '..');

/** The sample CMS (sample-cms/): an image of its own (the Dockerfile's `sample-cms`), not the site's. */
export const isSampleCms = (module: string): boolean => module.startsWith('sample-cms/');

export const assembleRuntime = async (target: string): Promise<void> => {
  const { modules } = serverModules(root, undefined, isSampleCms);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  const files = [
    'package.json',
    'package-lock.json',
    'public',
    'dist/client',
    ...Object.values(SERVER_BUILD_FILES).map((file) => path.join('dist/server', file)),
  ];
  await Promise.all(files.map((file) => cp(path.join(root, file), path.join(target, file), { recursive: true })));
  for (const module of modules.keys()) {
    const compiled = compiledPath(module);
    await cp(path.join(root, compiled), path.join(target, path.relative(SERVER_OUTPUT, compiled)));
  }
  // The runtime packages, with their own dependencies, exactly as locked; no install scripts (none of
  // them needs one). The lock served the install only.
  execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: target,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await rm(path.join(target, 'package-lock.json'));
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
