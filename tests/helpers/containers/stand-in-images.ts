import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../site.ts';
import { PODMAN_GLOBAL_OPTIONS, PODMAN_PATH, imageExists, podman, runLogged, withImageLock } from './podman.ts';

// Local stand-ins for the public base images the project's files name (node:24-slim, redis, caddy),
// which cannot be pulled where no registry is reachable: Debian bookworm (minbase, made by mmdebstrap
// from the machine's apt sources) with Node 24 from npm's `node` package, or with Debian's redis-server
// or caddy. Each is made once per machine: its tag holds a hash of its inputs, and an image with that
// tag is used as it is.

const REPOSITORY = 'localhost/architectenregister-stand-in';
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

const hashOf = (...inputs: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const input of inputs) hash.update(input).update('\0');
  return hash.digest('hex').slice(0, 12);
};

/** `tag`, made by `make` unless present; under the machine's lock, so that it is made once. */
const ensureImage = async (tag: string, make: () => Promise<void>): Promise<string> => {
  if (await imageExists(tag)) return tag;
  return withImageLock(async () => {
    if (!(await imageExists(tag))) await make();
    return tag;
  });
};

/** Builds `containerfile` in a folder holding `files` (name in the folder: path on this machine). */
const buildFrom = async (tag: string, containerfile: string, files: Record<string, string> = {}) => {
  const context = await mkdtemp(path.join(tmpdir(), 'stand-in-'));
  try {
    await writeFile(path.join(context, 'Containerfile'), containerfile);
    for (const [name, source] of Object.entries(files))
      await cp(source, path.join(context, name), { recursive: true, dereference: true });
    await runLogged(
      PODMAN_PATH,
      [...PODMAN_GLOBAL_OPTIONS, 'build', '--pull=never', '--format', 'docker', '--tag', tag, context],
      'stand-in',
    );
  } finally {
    await rm(context, { recursive: true, force: true });
  }
};

const MMDEBSTRAP_ARGS = ['--variant=minbase', 'bookworm'];

/** Debian bookworm, minbase. */
const debian = async (): Promise<string> =>
  ensureImage(`${REPOSITORY}/debian:bookworm-${hashOf(...MMDEBSTRAP_ARGS)}`, async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'stand-in-debian-'));
    const tarball = path.join(folder, 'rootfs.tar');
    try {
      await runLogged(
        process.env.MMDEBSTRAP_PATH ?? 'mmdebstrap',
        [...MMDEBSTRAP_ARGS, tarball],
        'mmdebstrap',
        process.env,
      );
      await podman(['import', tarball, `${REPOSITORY}/debian:bookworm-${hashOf(...MMDEBSTRAP_ARGS)}`]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

/** The folder of the npm on the PATH (bin/npm-cli.js in it), which the image's build stage runs `npm ci` with. */
const npmFolder = () =>
  path.resolve(realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim()), '../..');

/**
 * Stands in for `node:24-slim`: Node 24 and npm, the user `node` (1000), and the machine's CA bundle
 * (HTTPS from a container may pass the same intercepting proxy as the machine's own).
 */
export const nodeStandIn = async (): Promise<string> => {
  const base = await debian();
  const nodeBinary = path.join(ROOT, 'node_modules/node/bin/node');
  const nodeVersion = (
    JSON.parse(await readFile(path.join(ROOT, 'node_modules/node/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const npm = npmFolder();
  const npmVersion = (JSON.parse(await readFile(path.join(npm, 'package.json'), 'utf8')) as { version: string })
    .version;
  const containerfile = `FROM ${base}
COPY ca-certificates.crt ${CA_BUNDLE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_EXTRA_CA_CERTS=${CA_BUNDLE}
CMD ["node"]
`;
  const tag = `${REPOSITORY}/node:${nodeVersion}-${hashOf(containerfile, npmVersion, await readFile(CA_BUNDLE))}`;
  return ensureImage(tag, () =>
    buildFrom(tag, containerfile, { 'ca-certificates.crt': CA_BUNDLE, node: nodeBinary, npm }),
  );
};

/** Debian with packages installed from its archive (the machine's apt sources); `name` in its tag. */
const debianWith = async (name: string, debianPackages: readonly string[], command: string): Promise<string> => {
  const base = await debian();
  const containerfile = `FROM ${base}
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${debianPackages.join(' ')} \\
 && rm -rf /var/lib/apt/lists/*
CMD ${command}
`;
  const tag = `${REPOSITORY}/${name}:bookworm-${hashOf(containerfile)}`;
  return ensureImage(tag, () => buildFrom(tag, containerfile));
};

/** A fresh Debian 12 as the README's reader has it, after `apt-get install nodejs npm`: Node 18, npm 9. */
export const debianNodejsNpm = () => debianWith('nodejs-npm', ['nodejs', 'npm'], '["bash"]');

/** Stands in for `redis:7.4-alpine`: Debian's redis-server (7.0), run by the command compose gives. */
export const redisStandIn = () => debianWith('redis-server', ['redis-server'], '["redis-server"]');

/** Stands in for `caddy:2-alpine`: Debian's caddy (2.6), with the official image's command. */
export const caddyStandIn = () =>
  debianWith('caddy', ['caddy'], '["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]');
