import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../../server/config/config.ts';
import { NODE_ENVIRONMENT, NODE_FLAGS } from '../../server/config/memory-settings.ts';
import { longestShutdownMs } from '../../server/lifecycle/shutdown.ts';
import {
  buildKustomization,
  containerEnvironment,
  findIn,
  findObject as find,
  kustomization,
  OVERLAYS,
  overlayDirectory,
} from '../helpers/kubernetes-manifests.ts';
import type { Doc } from '../helpers/kubernetes-manifests.ts';
import { ROOT, startSite } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

// The deployment files (deploy/kubernetes's overlays as built, compose.yaml) against the server they deploy: every probe
// path answers, every port and variable they use exists, and the drain fits in the grace period. What
// the Kubernetes files are by themselves (valid objects, complete, locked down) is in
// kubernetes-files.test.ts.

/** compose.yaml, each `${NAME:-default}` read as Compose reads it with NAME unset. */
const compose = parseDocument(
  readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8').replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1'),
  { merge: true },
).toJS() as Doc;
const configurationDocs = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
const contentServiceVariables = new Set(
  [...readFileSync(path.join(ROOT, 'sample-cms/main.ts'), 'utf8').matchAll(/env\('([A-Z_]+)'\)/g)].map(
    (match) => match[1],
  ),
);

/**
 * How long a site with these settings takes to end after SIGTERM at most: its durations, the
 * configuration's defaults for those it leaves out.
 */
const shutdownSeconds = (environment: Record<string, string | undefined>): number => {
  const config = loadConfig(Object.fromEntries(Object.entries(environment).filter(([name]) => name.endsWith('_MS'))));
  const milliseconds = longestShutdownMs({
    drainDelayMs: config.drainDelayMs,
    timeoutMs: config.shutdownTimeoutMs,
    logFlushTimeoutMs: config.logFlushTimeoutMs,
  });
  return milliseconds / 1000;
};

const deployment = find('Deployment', 'website')!;
const pod = deployment.spec.template.spec;
const container = pod.containers[0];
/** The site's settings in each overlay as kubectl builds it: its ConfigMap's and its own. */
const overlayEnvironments = OVERLAYS.map((overlay) => {
  const objects = buildKustomization(overlayDirectory(overlay));
  const site = findIn(objects, 'Deployment', 'website')!.spec.template.spec.containers[0];
  return { overlay, objects, site };
});
const siteEnv = containerEnvironment(overlayEnvironments[0]!.objects, overlayEnvironments[0]!.site);

let site: RunningSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site.stop();
});

describe('the Kubernetes manifests', () => {
  it('probe paths the server answers, on the port it listens on', async () => {
    const probes = [container.readinessProbe, container.livenessProbe, container.startupProbe];
    const port = container.ports.find((candidate: Doc) => candidate.name === 'http');
    expect(String(port.containerPort)).toBe(siteEnv.PORT);
    const metricsPort = container.ports.find((candidate: Doc) => candidate.name === 'metrics');
    expect(String(metricsPort.containerPort)).toBe(siteEnv.METRICS_PORT);
    expect(deployment.spec.template.metadata.annotations['prometheus.io/port']).toBe(siteEnv.METRICS_PORT);
    for (const probe of probes) {
      expect(probe.httpGet.port).toBe('http');
      const response = await fetch(site.url + probe.httpGet.path);
      expect(response.status, probe.httpGet.path).toBe(200);
    }
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
  });

  it('set only variables the server reads and docs/operations.md documents, in every overlay', () => {
    for (const { overlay, objects, site } of overlayEnvironments)
      for (const name of Object.keys(containerEnvironment(objects, site))) {
        expect(CONFIG_VARIABLES, `${overlay}: ${name}`).toContain(name);
        expect(configurationDocs, name).toContain(`\`${name}\``);
      }
  });

  it('start in production (NODE_ENV=production, as the image sets it), with the secrets filled in, in every overlay', () => {
    // The values of the example Secret, as the real one holds them.
    const secret = find('Secret', 'website')!.stringData as Record<string, string>;
    for (const { overlay, objects, site } of overlayEnvironments)
      expect(
        () => loadConfig({ ...containerEnvironment(objects, site, secret), NODE_ENV: 'production' }),
        overlay,
      ).not.toThrow();
  });

  it("drain within the grace period, with the log's last lines and the watchdog's margin", () => {
    const [command, seconds] = container.lifecycle.preStop.exec.command;
    expect(command).toBe('sleep');
    expect(Number(seconds) + shutdownSeconds(siteEnv)).toBeLessThan(pod.terminationGracePeriodSeconds);
  });

  it('wire the Service, the budget, the autoscaler and Redis to the Deployment', () => {
    const labels = deployment.spec.template.metadata.labels;
    const selects = (selector: Record<string, string>) =>
      Object.entries(selector).every(([key, value]) => labels[key] === value);
    const service = find('Service', 'website')!;
    expect(selects(service.spec.selector)).toBe(true);
    expect(service.spec.ports[0].targetPort).toBe('http');
    expect(selects(find('PodDisruptionBudget', 'website')!.spec.selector.matchLabels)).toBe(true);
    const autoscaler = find('HorizontalPodAutoscaler', 'website')!;
    expect(autoscaler.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'website' });

    // Redis's URL and password come from the Secret; its ACL user is the one in the URL.
    expect(container.env.find((entry: Doc) => entry.name === 'REDIS_URL').valueFrom.secretKeyRef).toEqual({
      name: 'website',
      key: 'redis-url',
    });
    const secret = find('Secret', 'website')!.stringData;
    const redisUrl = new URL(secret['redis-url']);
    expect(decodeURIComponent(redisUrl.password)).toBe(secret['redis-password']);
    const redisService = find('Service', redisUrl.hostname)!;
    expect(redisService.spec.ports.map((port: Doc) => String(port.port))).toContain(redisUrl.port);
    const redisContainer = find('Deployment', 'redis')!.spec.template.spec.containers[0];
    expect(redisContainer.args.join(' ')).toContain(
      `--user default off --user ${redisUrl.username} on >$(REDIS_PASSWORD)`,
    );
    expect(redisContainer.env).toEqual([
      { name: 'REDIS_PASSWORD', valueFrom: { secretKeyRef: { name: 'website', key: 'redis-password' } } },
    ]);
    expect(container.env.find((entry: Doc) => entry.name === 'CACHE_SIGNING_KEY').valueFrom.secretKeyRef).toEqual({
      name: 'website',
      key: 'cache-signing-key',
    });
    expect(kustomization.resources).not.toContain('secret.example.yaml');
  });
});

describe('compose.yaml', () => {
  it('runs three replicas of the site behind the proxy, with Redis', () => {
    const { site: replicas, proxy, redis, content } = compose.services;
    expect(replicas.deploy.replicas).toBe(3);
    expect(redis).toBeDefined();
    const redisUrl = new URL(replicas.environment.REDIS_URL);
    expect(redisUrl.hostname).toBe('redis');
    // The same ACL user as deployed, with its password.
    expect(redis.command.join(' ')).toContain(
      `--user default off --user ${redisUrl.username} on >${redisUrl.password}`,
    );
    expect(replicas.environment.CACHE_SIGNING_KEY.length).toBeGreaterThanOrEqual(32);
    const caddyfile = readFileSync(path.join(ROOT, proxy.volumes[0].split(':')[0]), 'utf8');
    expect(caddyfile).toContain(`dynamic a site ${replicas.environment.PORT}`);
    expect(caddyfile).toContain('health_uri /readyz');
    expect(new URL(content.environment.CONTENT_WEBHOOK_URL).pathname).toBe('/api/revalidate');
    // The replicas sign their image URLs with the key the CMS's Glide checks them with.
    expect(replicas.environment.GLIDE_SIGNING_KEY).toBe(content.environment.CONTENT_GLIDE_SIGNING_KEY);
  });

  it('gives each replica the time to drain and end before it is killed', () => {
    const gracePeriod = /^(\d+)s$/.exec(compose.services.site.stop_grace_period)!;
    expect(shutdownSeconds(compose.services.site.environment)).toBeLessThan(Number(gracePeriod[1]));
  });

  it('starts the site in production (NODE_ENV=production, as the image sets it)', () => {
    expect(() => loadConfig({ ...compose.services.site.environment, NODE_ENV: 'production' })).not.toThrow();
  });

  it('sets only variables the site and the content service read', () => {
    for (const name of Object.keys(compose.services.site.environment)) {
      expect(CONFIG_VARIABLES, name).toContain(name);
      expect(configurationDocs, name).toContain(`\`${name}\``);
    }
    for (const name of Object.keys(compose.services.content.environment))
      expect(contentServiceVariables, name).toContain(name);
  });
});

describe('the Node flags and environment', () => {
  it('are the same for npm start, the image and the servers of the tests and the bench', () => {
    const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(packageJson.scripts.start).toBe(['node', ...NODE_FLAGS, 'scripts/start.ts'].join(' '));
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(
      `CMD ${JSON.stringify(['node', ...NODE_FLAGS, 'server/main.js']).replaceAll(',', ', ')}`,
    );
    // The Deployment and compose run the image's CMD.
    expect(container.command).toBeUndefined();
    expect(compose.services.site.command).toBeUndefined();
    expect(site.child.spawnargs).toEqual(expect.arrayContaining([...NODE_FLAGS]));
    const imageEnvironment = dockerfile.match(/^ENV .*$/gm)?.join(' ') ?? '';
    for (const [name, value] of Object.entries(NODE_ENVIRONMENT)) {
      expect(imageEnvironment).toContain(`${name}=${value}`);
      expect(readFileSync(`/proc/${site.child.pid}/environ`, 'utf8').split('\0')).toContain(`${name}=${value}`);
    }
  });
});
