import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { imageBuildCommand } from '../../../scripts/image.ts';
import { checkoutFiles } from '../checkout-files.ts';
import { ROOT } from '../site.ts';
import { PODMAN_GLOBAL_OPTIONS, PODMAN_PATH, imageExists, runLogged, withImageLock } from './podman.ts';
import { nodeStandIn } from './stand-in-images.ts';

// The site's images as `npm run image` builds them (scripts/image.ts), over the stand-in of
// node:24-slim. An image is tagged with a hash of what goes into it (the files of the build context,
// the build arguments, the target) and built only when no image has that tag: once per change of the
// sources, whatever the number of test files and runs that use it.

/** The build context's files, relative to the checkout: what git knows, less what .dockerignore leaves out. */
export const contextFiles = (): string[] => {
  const ignored = new Set(
    execFileSync('cat', [path.join(ROOT, '.dockerignore')], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().replace(/\/$/, ''))
      .filter(Boolean),
  );
  return checkoutFiles()
    .filter((file) => !ignored.has(file.split('/')[0]!))
    .sort();
};

export interface SiteImageOptions {
  /** A folder holding `contextFiles()` (a changed copy of the checkout); the checkout by default. */
  context?: string;
  /** The Dockerfile's target (`sample-cms`); its last stage, the site, by default. */
  target?: string;
  /** The image of the release before, whose public files the image keeps. */
  previous?: string;
  /** Labels of the release (scripts/image.ts releaseBuildArgs). */
  labels?: Record<string, string>;
}

export const siteImage = async ({ context = ROOT, target, previous, labels = {} }: SiteImageOptions = {}) => {
  const buildArgs = {
    NODE_IMAGE: await nodeStandIn(),
    ...(previous ? { PREVIOUS_IMAGE: previous } : {}),
    ...labels,
  };
  const hash = createHash('sha256').update(JSON.stringify({ buildArgs, target }));
  // The Dockerfile is no file of the context (.dockerignore), but decides the image.
  for (const file of ['Dockerfile', ...contextFiles()]) {
    const content = await readFile(path.join(context, file)).catch(() => Buffer.from('(deleted)'));
    hash.update(file).update('\0').update(content).update('\0');
  }
  const tag = `localhost/architectenregister-website:test-${hash.digest('hex').slice(0, 16)}`;
  if (await imageExists(tag)) return tag;
  return withImageLock(async () => {
    if (await imageExists(tag)) return tag;
    const [command, ...args] = imageBuildCommand({
      engine: PODMAN_PATH,
      tag,
      context,
      ...(target ? { target } : {}),
      buildArgs,
      options: ['--pull=never'],
    });
    await runLogged(command!, [...PODMAN_GLOBAL_OPTIONS, ...args], 'image-build');
    return tag;
  });
};
