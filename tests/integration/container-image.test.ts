import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBuildArgs } from '../../scripts/image.ts';
import { startCmsOnHost } from '../helpers/containers/cms-on-host.ts';
import type { CmsOnHost } from '../helpers/containers/cms-on-host.ts';
import { startContainer, waitForOk } from '../helpers/containers/container.ts';
import type { Container } from '../helpers/containers/container.ts';
import { podman } from '../helpers/containers/podman.ts';
import { siteImage } from '../helpers/containers/site-image.ts';
import { nodeStandIn } from '../helpers/containers/stand-in-images.ts';
import { freePort } from '../helpers/free-port.ts';
import { get } from '../helpers/site.ts';

// The site's image, built by `npm run image`'s command over the stand-in of node:24-slim, run as
// docs/operations.md ("Container") tells operators to: as the image's non-root user, on a read-only
// root file system with a tmpfs /tmp, without capabilities, configured by the environment, against a
// CMS elsewhere (the sample content service on this machine).

const GRACE_SECONDS = 30;
// The image's build runs `npm ci` and the build: minutes on two busy cores, once per change of the sources.
const BUILD_TIMEOUT_MS = 20 * 60_000;

let image: string;
let labels: Record<string, string>;
let cms: CmsOnHost;
let outbox: string;
let container: Container;
let url: string;

beforeAll(async () => {
  labels = releaseBuildArgs('https://git.example.org/architectenregister/website');
  image = await siteImage({ labels });
  cms = await startCmsOnHost('container-test');
  // The form outbox is a volume of the replica's own, writable by the image's user.
  outbox = await mkdtemp(path.join(tmpdir(), 'container-outbox-'));
  await chown(outbox, 1000, 1000);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const env = {
    ...cms.siteEnvironment,
    PUBLIC_URL: url,
    REVALIDATE_SECRET: 'container-test-revalidate-secret',
    FORM_OUTBOX_DIR: '/var/form-outbox',
  };
  container = await startContainer(image, [
    '--pull=never',
    '--read-only',
    '--tmpfs=/tmp',
    '--cap-drop=ALL',
    '--security-opt=no-new-privileges',
    `--volume=${outbox}:/var/form-outbox`,
    `--publish=127.0.0.1:${port}:3000`,
    ...Object.entries(env).map(([name, value]) => `--env=${name}=${value}`),
  ]);
  await waitForOk(`${url}/readyz`);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await container?.remove();
  await cms?.service.close();
  if (outbox) await rm(outbox, { recursive: true, force: true });
});

describe('the site image, run as operators run it', () => {
  it('carries the release labels and runs as the non-root user node on a read-only root', async () => {
    const [inspected] = JSON.parse(await podman(['image', 'inspect', image])) as {
      Config: { Labels: Record<string, string>; User: string };
    }[];
    expect(inspected!.Config.Labels).toMatchObject({
      'org.opencontainers.image.source': labels.SOURCE,
      'org.opencontainers.image.version': labels.VERSION,
      'org.opencontainers.image.revision': labels.REVISION,
      'nl.architectenregister.build-id': labels.BUILD_ID,
    });
    expect(inspected!.Config.User).toBe('node');
    const [state] = JSON.parse(await podman(['container', 'inspect', container.name])) as {
      HostConfig: { ReadonlyRootfs: boolean; CapDrop: string[] };
    }[];
    expect(state!.HostConfig.ReadonlyRootfs).toBe(true);
    expect(await podman(['exec', container.name, 'id', '-u'])).toBe('1000\n');
    expect(await (await get(`${url}/_build/latest.json`)).json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  it('answers pages, the architect search and assets, and passes its HEALTHCHECK', async () => {
    for (const page of ['/', '/en', '/over-ons', '/vind-een-architect?searchTerm=Dudok', '/zoeken?q=architect']) {
      expect((await get(`${url}${page}`)).status, page).toBe(200);
    }
    const home = await (await get(`${url}/`)).text();
    for (const asset of home.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g))
      expect((await get(`${url}${asset[1]}`)).status, asset[1]).toBe(200);
    expect((await get(`${url}/x/y/z/w`)).status).toBe(404);
    expect(await podman(['healthcheck', 'run', container.name])).toMatch(/^(healthy)?\s*$/);
  });

  it('holds only what the server loads, in a few tens of megabytes over its base image', async () => {
    const list = async (folder: string) =>
      (await podman(['run', '--rm', '--pull=never', image, 'ls', '-A', folder])).split('\n').filter(Boolean);
    expect(await list('/app')).toEqual(['dist', 'node_modules', 'package.json', 'public', 'server', 'src']);
    expect(await list('/app/dist')).toEqual(['client', 'server']);
    const packages = await list('/app/node_modules');
    for (const tooling of ['webpack', 'typescript', 'vitest', 'lighthouse', 'react-dom', 'node', '@playwright'])
      expect(packages, tooling).not.toContain(tooling);
    const size = async (tag: string) => Number(await podman(['image', 'inspect', '--format', '{{.Size}}', tag]));
    const added = (await size(image)) - (await size(await nodeStandIn()));
    expect(added / 1e6).toBeLessThan(80);
  });

  it(
    'drains on SIGTERM and exits 0 within the grace period, having logged JSON lines on stdout',
    async () => {
      const exitCode = await container.stop(GRACE_SECONDS);
      expect(exitCode).toBe(0);
      const { stdout, stderr } = await container.output();
      const lines = stdout.split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      expect(stderr).toBe('');
      expect(stdout).toContain('shutting down: no new connections');
      expect(stdout).toContain('all responses finished, exiting');
    },
    GRACE_SECONDS * 1000 + 30_000,
  );
});
