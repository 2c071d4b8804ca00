import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { waitForOk } from '../helpers/containers/container.ts';
import { podman, podmanStreams } from '../helpers/containers/podman.ts';
import { siteImage } from '../helpers/containers/site-image.ts';
import { redisStandIn } from '../helpers/containers/stand-in-images.ts';
import { freePort } from '../helpers/free-port.ts';
import {
  BASE_DIRECTORY,
  buildKustomization,
  findIn,
  kubernetesDocs,
  overlayDirectory,
  readYaml,
  shellBlocksOf,
} from '../helpers/kubernetes-manifests.ts';
import type { Doc } from '../helpers/kubernetes-manifests.ts';
import { PROCESS_DIR } from '../helpers/processes.ts';
import { get } from '../helpers/site.ts';

// The staging overlay, as `kubectl kustomize` builds it, run by `podman kube play` with the commands of
// docs/operations.md ("Try it locally with podman kube play"): Redis (the base's redis.yaml, which no
// overlay changes), then the site (the built overlay's ConfigMap and Deployment `website`), on a network
// of their own. The manifests are taken as they are, but for what must differ on this machine: the
// images (the local stand-in of Redis, the site's image), the CMS and the register (the sample content
// service on this machine, in the ConfigMap), the Secret's values, host ports for the site's two ports,
// and what podman 4.3 does not do as Kubernetes does: it leaves `$(REDIS_PASSWORD)` in Redis's arguments
// unexpanded (the password goes in its place), and the stand-in has no entrypoint that puts
// `redis-server` before arguments, as the official image's does. Podman plays only Pods, Deployments (one
// pod each) and ConfigMaps: the Services (the network alias `redis` stands in for Redis's), the
// HorizontalPodAutoscaler, the PodDisruptionBudget, the NetworkPolicies, the ServiceMonitor and the
// PrometheusRule are not run; nor are the
// readiness and start-up probes (the test asks the readiness probe's path itself) or, without systemd, the
// liveness probes. Everything is removed at the end, whatever happened.

const CMS_KEY = 'kube-play-cms-key';
const REGISTER_KEY = 'kube-play-register-key';
const GLIDE_KEY = 'kube-play-glide-key';
// The site's image is built once per change of its sources: minutes on two busy cores when it is new.
const BUILD_TIMEOUT_MS = 25 * 60_000;
const PLAY_HEADING = '**Try it locally with podman kube play.**';
const [upCommands, downCommands] = shellBlocksOf(kubernetesDocs.slice(kubernetesDocs.indexOf(PLAY_HEADING)))
  .slice(0, 2)
  .map((block) => block.trim().split('\n'));

const WEBSITE_FILE = 'website-staging.yaml';
const staging = buildKustomization(overlayDirectory('staging'));
const siteDeployment = findIn(staging, 'Deployment', 'website')!;
const siteContainer = siteDeployment.spec.template.spec.containers[0] as Doc;
const secretExample = readYaml(`${BASE_DIRECTORY}/secret.example.yaml`)[0]!;
const network = `architectenregister-kube-${process.pid}`;
const folder = mkdtempSync(path.join(tmpdir(), 'kube-play-'));
/** The documented file names, and their copies for this machine. */
const localFiles: Record<string, string> = {};

/** A documented podman command's arguments, with this machine's files and network. */
const localArgs = (command: string): string[] => {
  const [program, ...args] = command.split(/\s+/);
  expect(program).toBe('podman');
  return args.map((arg) => localFiles[arg] ?? arg.replace(/^architectenregister(?=$|:)/, network));
};

/** The documented `file` (these objects) with its objects changed by `change`, written to the folder for this machine. */
const localManifest = (file: string, objects: Doc[], change: (object: Doc) => void) => {
  objects.forEach(change);
  const local = path.join(folder, path.basename(file));
  writeFileSync(local, objects.map((object) => stringify(object)).join('---\n'));
  localFiles[file] = local;
};

/** The named container of a Deployment's pod. */
const containerOf = (object: Doc, name: string): Doc | undefined =>
  object.kind === 'Deployment'
    ? (object.spec.template.spec.containers as Doc[]).find((container) => container.name === name)
    : undefined;

/** The names of the containers of the pods on the network, their infra containers left out. */
const podContainers = async (): Promise<string[]> => {
  const pods = (await podman(['pod', 'ps', '--quiet', '--filter', `network=${network}`])).split('\n').filter(Boolean);
  const names = await Promise.all(
    pods.map((pod) => podman(['ps', '--all', '--format', '{{.Names}}', '--filter', `pod=${pod}`])),
  );
  return names
    .flatMap((list) => list.split('\n'))
    .filter((name) => name && !name.endsWith('-infra'))
    .sort();
};

const down = async () => {
  for (const container of await podContainers()) {
    const { stdout, stderr } = await podmanStreams(['logs', container]).catch(() => ({ stdout: '', stderr: '' }));
    writeFileSync(path.join(PROCESS_DIR, `kube-play-${container}.log`), stdout + stderr);
  }
  for (const command of downCommands ?? []) await podman(localArgs(command)).catch(() => undefined);
};

let service: ContentService | undefined;
let site: string;
let metrics: string;
let played = false;

beforeAll(async () => {
  const [siteTag, redisTag] = [await siteImage(), await redisStandIn()];
  service = await startContentService({
    apiKey: CMS_KEY,
    previewToken: 'kube-play-preview',
    host: '0.0.0.0',
    registerApiKey: REGISTER_KEY,
    glideSigningKey: GLIDE_KEY,
  });
  const cms = `http://host.containers.internal:${new URL(service.url).port}`;
  const [sitePort, metricsPort] = [await freePort(), await freePort()];
  site = `http://127.0.0.1:${sitePort}`;
  metrics = `http://127.0.0.1:${metricsPort}`;

  const redisPassword = randomBytes(16).toString('hex');
  const values: Record<string, string> = {
    'cms-api-key': CMS_KEY,
    'glide-signing-key': GLIDE_KEY,
    'register-api-key': REGISTER_KEY,
    'revalidate-secret': randomBytes(16).toString('hex'),
    'redis-password': redisPassword,
    'redis-url': `redis://website:${redisPassword}@redis:6379`,
    'cache-signing-key': randomBytes(32).toString('hex'),
  };
  expect(Object.keys(values).sort()).toEqual(Object.keys(secretExample.stringData).sort());
  const secretFile = path.join(folder, 'website-secret.json');
  writeFileSync(
    secretFile,
    JSON.stringify(
      Object.fromEntries(Object.entries(values).map(([key, value]) => [key, Buffer.from(value).toString('base64')])),
    ),
  );
  localFiles['website-secret.json'] = secretFile;

  localManifest(`${BASE_DIRECTORY}/redis.yaml`, readYaml(`${BASE_DIRECTORY}/redis.yaml`), (object) => {
    const redis = containerOf(object, 'redis');
    if (!redis) return;
    redis.image = redisTag;
    redis.command = ['redis-server'];
    redis.args = (redis.args as string[]).map((arg) => arg.replace('$(REDIS_PASSWORD)', redisPassword));
  });
  // The site's part of the built overlay: its settings and its Deployment (Redis is played on its own).
  // The settings name the CMS and the register on this machine.
  const settings = findIn(staging, 'ConfigMap', 'website-settings')!;
  Object.assign(settings.data as Record<string, string>, {
    CMS_API_URL: `${cms}/api`,
    CMS_URL: cms,
    REGISTER_API_URL: `${cms}/register`,
    // A busy machine may hold a CMS answer past the default; a late answer is no fault here.
    CMS_TIMEOUT_MS: '60000',
  });
  localManifest(WEBSITE_FILE, [settings, siteDeployment], (object) => {
    const website = containerOf(object, 'website');
    if (!website) return;
    website.image = siteTag;
    const hostPorts: Record<string, number> = { http: sitePort, metrics: metricsPort };
    for (const port of website.ports as Doc[])
      Object.assign(port, { hostIP: '127.0.0.1', hostPort: hostPorts[port.name] });
  });

  played = true;
  for (const command of upCommands!) await podman(localArgs(command));
  await waitForOk(`${site}${siteContainer.readinessProbe.httpGet.path}`, 120_000);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  if (played) await down();
  await service?.close();
  rmSync(folder, { recursive: true, force: true });
}, 120_000);

describe('the staging overlay played by podman', () => {
  it('runs the documented commands on the Deployments, the Secret and a network', () => {
    expect(upCommands!.map(localArgs).map((args) => args.slice(0, 2).join(' '))).toEqual([
      'network create',
      'secret create',
      'kube play',
      'kube play',
    ]);
    expect(Object.keys(localFiles).sort()).toEqual(
      [`${BASE_DIRECTORY}/redis.yaml`, WEBSITE_FILE, 'website-secret.json'].sort(),
    );
  });

  it('answers pages once ready', async () => {
    const ready = await get(`${site}/readyz`);
    expect(ready.status).toBe(200);
    for (const page of ['/', '/over-ons', '/en']) expect((await get(`${site}${page}`)).status, page).toBe(200);
    // The register's API, with the key of the Secret.
    const architects = await get(`${site}/api/architects?searchTerm=vos&perPage=3`);
    expect(architects.status).toBe(200);
    expect(((await architects.json()) as { data: unknown[] }).data).toHaveLength(3);
  }, 120_000);

  it('runs the site as the manifest says: its user, a read-only root, no capabilities', async () => {
    const container = (await podContainers()).find((name) => name.endsWith('-website'));
    const [inspected] = JSON.parse(await podman(['inspect', container!])) as {
      Config: { User: string };
      HostConfig: { ReadonlyRootfs: boolean; CapAdd: string[] | null };
      EffectiveCaps: string[] | null;
    }[];
    expect(inspected!.Config.User).toBe('1000:1000');
    expect(inspected!.HostConfig.ReadonlyRootfs).toBe(true);
    // Podman reports no capabilities as null.
    expect(inspected).toHaveProperty('EffectiveCaps');
    expect(inspected!.EffectiveCaps ?? []).toEqual([]);
  });

  it('uses Redis, found by the name of its Service, with the ACL user of the Secret', async () => {
    await expect
      .poll(async () => (await get(`${metrics}/metrics`)).text(), { timeout: 30_000, interval: 500 })
      .toMatch(/^redis_connected 1$/m);
    const website = (await podContainers()).find((name) => name.endsWith('-website'));
    const connected = (await podman(['logs', website!]))
      .split('\n')
      .filter((line) => line.includes('"msg":"Redis connected"'));
    expect(connected.map((line) => (JSON.parse(line) as { redis: string }).redis)).toContain('redis:6379');
  }, 60_000);
});
