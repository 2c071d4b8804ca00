import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BUILD_MANIFEST } from './finish-build.ts';
import { buildIsCurrent } from './source-freshness.ts';

// `npm run image`: builds the site's container image with Docker or Podman, whichever the machine has,
// labelled with the release (the Dockerfile's SOURCE, VERSION, REVISION and BUILD_ID). Options:
// `--tag <name>` (architectenregister-website:<version>), `--previous <image>` (the image of the release
// this one replaces: its public files stay served, docs/operations.md "Upgrades"), `--target sample-cms`
// (the sample content service's image, for Compose), `--source <repository URL>` (the remote `origin`).
// CONTAINER_ENGINE chooses the engine (docker or podman) when both are there.

const root = path.resolve(import.meta.dirname, '..');

const succeeds = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** `docker` when its daemon answers, else `podman` when installed; undefined when neither. */
export const findContainerEngine = (): string | undefined => {
  if (process.env.CONTAINER_ENGINE) return process.env.CONTAINER_ENGINE;
  if (succeeds('docker', ['info'])) return 'docker';
  if (succeeds('podman', ['--version'])) return 'podman';
  return undefined;
};

const git = (args: string[]) => {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
};

/** The labels' values of the release in `dist/` (built from the sources as they are). */
export const releaseBuildArgs = (source = git(['remote', 'get-url', 'origin'])): Record<string, string> => ({
  SOURCE: source,
  VERSION: (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version,
  REVISION: git(['rev-parse', 'HEAD']),
  BUILD_ID: (JSON.parse(readFileSync(path.join(root, BUILD_MANIFEST), 'utf8')) as { buildId: string }).buildId,
});

/** The release's labels, each with the build argument that sets it (the Dockerfile's LABEL). */
export const LABELS = {
  'org.opencontainers.image.source': 'SOURCE',
  'org.opencontainers.image.version': 'VERSION',
  'org.opencontainers.image.revision': 'REVISION',
  'nl.architectenregister.build-id': 'BUILD_ID',
} as const;

export interface ImageBuild {
  engine: string;
  tag: string;
  /** The folder with the Dockerfile and the sources. */
  context?: string;
  target?: string;
  buildArgs?: Record<string, string>;
  /** Options of the engine's build command, before the context. */
  options?: string[];
}

/** The engine's build command. Podman writes Docker's format, the one that keeps the HEALTHCHECK. */
export const imageBuildCommand = ({
  engine,
  tag,
  context = root,
  target,
  buildArgs = {},
  options = [],
}: ImageBuild) => [
  engine,
  'build',
  ...(path.basename(engine) === 'podman' ? ['--format', 'docker'] : []),
  '--tag',
  tag,
  ...(target ? ['--target', target] : []),
  ...Object.entries(buildArgs).flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]),
  // The labels set outright as well: Podman's layer cache reuses a LABEL step whose arguments differ.
  ...Object.entries(LABELS).flatMap(([label, arg]) =>
    buildArgs[arg] === undefined ? [] : ['--label', `${label}=${buildArgs[arg]}`],
  ),
  ...options,
  context,
];

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      tag: { type: 'string' },
      previous: { type: 'string' },
      target: { type: 'string' },
      source: { type: 'string' },
    },
  });
  const engine = findContainerEngine();
  if (!engine) {
    console.error(
      'Neither Docker (with its daemon running) nor Podman was found: install one (Debian: `apt-get install podman`) or set CONTAINER_ENGINE to its command.',
    );
    process.exit(1);
  }
  // The build id the image carries is this checkout's: a build of the same sources has the same one.
  if (
    !(await buildIsCurrent(root)) &&
    spawnSync(process.execPath, ['scripts/build.ts'], { cwd: root, stdio: 'inherit' }).status !== 0
  ) {
    console.error('The build failed; no image was built.');
    process.exit(1);
  }
  const buildArgs = releaseBuildArgs(values.source);
  const tag = values.tag ?? `architectenregister-website:${buildArgs.VERSION}`;
  const [command, ...args] = imageBuildCommand({
    engine,
    tag,
    ...(values.target ? { target: values.target } : {}),
    buildArgs: { ...buildArgs, ...(values.previous ? { PREVIOUS_IMAGE: values.previous } : {}) },
  });
  console.log(`${command} ${args.join(' ')}`);
  const status = spawnSync(command!, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
  if (status === 0) console.log(`Built ${tag} with ${engine}.`);
  process.exit(status);
}
