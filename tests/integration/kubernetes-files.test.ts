import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/config.ts';
import {
  BASE_DIRECTORY,
  buildKustomization,
  containerEnvironment,
  findIn,
  findObject,
  kubectl,
  KUSTOMIZATION_FILE,
  kubernetesDocs,
  kubernetesObjects,
  kustomization,
  manifestFiles,
  OVERLAYS,
  overlayDirectory,
  type Overlay,
  readYaml,
  shellBlocksOf,
} from '../helpers/kubernetes-manifests.ts';
import type { Doc } from '../helpers/kubernetes-manifests.ts';
import { schemaErrors } from '../helpers/kubernetes-schema.ts';
import { ROOT } from '../helpers/site.ts';

// The Kubernetes files by themselves, as `kubectl apply -k` and an operator meet them: valid objects of the
// API, a base that holds all of them and overlays that build into them with their own image and settings
// (by kubectl's kustomize), a Secret whose example and creation command carry every
// key the Deployments read, the number of replicas left to the autoscaler, network policies for every
// workload, the security and scheduling settings operators expect, and the commands of
// docs/operations.md's "Kubernetes" run (what needs no cluster) or checked against the files.

const SECRET_EXAMPLE = 'secret.example.yaml';

const objects = kubernetesObjects.map(({ object }) => object);
const applied = kubernetesObjects.filter(({ file }) => file !== SECRET_EXAMPLE);
const workloads = objects.filter((object) => object.kind === 'Deployment');
const siteDeployment = findObject('Deployment', 'website')!;
const sitePod = siteDeployment.spec.template.spec;
const siteContainer = sitePod.containers[0];
/** Each overlay as kubectl builds it. */
const built = Object.fromEntries(
  OVERLAYS.map((overlay) => [overlay, buildKustomization(overlayDirectory(overlay))]),
) as Record<Overlay, Doc[]>;
/** The site's settings in production: its ConfigMap's and its own. */
const siteEnv = containerEnvironment(
  built.production,
  findIn(built.production, 'Deployment', 'website')!.spec.template.spec.containers[0],
);
const redisDeployment = findObject('Deployment', 'redis')!;
const secretExample = findObject('Secret', 'website')!;

/** Whether a label selector's `matchLabels` all hold for these labels. */
const selects = (matchLabels: Record<string, string> | undefined, labels: Record<string, string>) =>
  Object.entries(matchLabels ?? {}).every(([key, value]) => labels[key] === value);
const podLabels = (workload: Doc): Record<string, string> => workload.spec.template.metadata.labels;

/** The `secretKeyRef`s of a workload's containers. */
const secretKeyRefs = (workload: Doc): Array<{ name: string; key: string }> =>
  workload.spec.template.spec.containers.flatMap((container: Doc) =>
    (container.env ?? []).flatMap((entry: Doc) =>
      entry.valueFrom?.secretKeyRef ? [entry.valueFrom.secretKeyRef] : [],
    ),
  );
const keysReadFromSecret = (name: string) =>
  new Set(workloads.flatMap(secretKeyRefs).flatMap((reference) => (reference.name === name ? [reference.key] : [])));

/** The `--from-literal` keys of a `kubectl create secret generic` command. */
const literalKeys = (command: string) => new Set([...command.matchAll(/--from-literal=([\w.-]+)=/g)].map((m) => m[1]));

// The kubectl commands of docs/operations.md's "Kubernetes" section (podman's are kube-play.test.ts's).
const shellBlocks = shellBlocksOf(kubernetesDocs).filter((block) => !block.startsWith('podman '));

describe('the Kubernetes files', () => {
  // TypeScript's check of every object takes a while on a busy machine.
  it('are valid objects of the Kubernetes API, with no field it does not know', async () => {
    expect(objects.length).toBeGreaterThan(0);
    expect(await schemaErrors(kubernetesObjects)).toEqual([]);
  }, 120_000);

  it('are applied whole by the base: every manifest but the Secret example, each object once, namespaced', () => {
    expect(kustomization).toMatchObject({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization' });
    expect([...kustomization.resources].sort()).toEqual(manifestFiles.filter((file) => file !== SECRET_EXAMPLE));
    const ids = applied.map(({ object }) => `${object.kind}/${object.metadata.name}`);
    expect(new Set(ids).size, ids.join(', ')).toBe(ids.length);
    // Namespaced kinds only, with no namespace of their own: the whole set goes where kubectl points.
    const namespacedKinds = [
      'Deployment',
      'Service',
      'PodDisruptionBudget',
      'HorizontalPodAutoscaler',
      'NetworkPolicy',
      'Secret',
      'PersistentVolumeClaim',
      'ServiceMonitor',
      'PrometheusRule',
    ];
    for (const { object } of kubernetesObjects) {
      expect(namespacedKinds, object.kind).toContain(object.kind);
      expect(object.metadata.namespace, `${object.kind} ${object.metadata.name}`).toBeUndefined();
    }
  });

  it.each(OVERLAYS)(
    'build, as the overlay %s, with kubectl kustomize into those very objects and their settings, valid',
    async (overlay) => {
      const objects = built[overlay];
      const id = (object: Doc) => `${object.kind}/${object.metadata.name}`;
      const settings = findIn(objects, 'ConfigMap', 'website-settings')!;
      expect(
        objects
          .filter((object) => object !== settings)
          .map(id)
          .sort(),
      ).toEqual(applied.map(({ object }) => id(object)).sort());
      // Sent by kind, as docs/operations.md says: the Services before the Deployments.
      const kinds = objects.map((object) => object.kind);
      expect(kinds.lastIndexOf('Service')).toBeLessThan(kinds.indexOf('Deployment'));
      expect(await schemaErrors(objects.map((object) => ({ file: `kubectl kustomize ${overlay}`, object })))).toEqual(
        [],
      );

      // The image by the overlay's `images`, the settings by its ConfigMap, whose name changes with them so
      // that a change of a setting rolls the pods.
      const { images } = readYaml(`${overlayDirectory(overlay)}/${KUSTOMIZATION_FILE}`)[0]!;
      const container = findIn(objects, 'Deployment', 'website')!.spec.template.spec.containers[0];
      expect(images).toHaveLength(1);
      expect(images[0].name).toBe(siteContainer.image);
      expect(container.image).toBe(`${images[0].newName}:${images[0].newTag}`);
      expect(settings.metadata.name).toMatch(/^website-settings-[a-z0-9]{10}$/);
      expect(container.envFrom).toEqual([{ configMapRef: { name: settings.metadata.name } }]);
      // Every setting a release changes is the overlay's, none in the Deployment.
      const env = containerEnvironment(objects, container);
      for (const name of ['PUBLIC_URL', 'SECURITY_TXT_EXPIRES', 'CMS_API_URL', 'REGISTER_API_URL']) {
        expect(settings.data[name], name).toBeDefined();
        expect(siteContainer.env.map((entry: Doc) => entry.name)).not.toContain(name);
      }
      expect(env.SECURITY_CONTACT).toBeDefined();
    },
  );

  it('differ between staging and production only in their settings', () => {
    const staging = containerEnvironment(
      built.staging,
      findIn(built.staging, 'Deployment', 'website')!.spec.template.spec.containers[0],
    );
    expect(new URL(staging.PUBLIC_URL!).host).not.toBe(new URL(siteEnv.PUBLIC_URL!).host);
    expect(new URL(staging.CMS_API_URL!).host).not.toBe(new URL(siteEnv.CMS_API_URL!).host);
    const withoutSettings = (objects: Doc[]) =>
      JSON.stringify(objects.filter((object) => object.kind !== 'ConfigMap')).replace(/website-settings-\w+/g, '');
    expect(withoutSettings(built.staging)).toBe(withoutSettings(built.production));
  });

  it('refer only to objects that are applied with them, or to the Secret created before', () => {
    const appliedObject = (kind: string, name: string) =>
      applied.some(({ object }) => object.kind === kind && object.metadata.name === name);
    for (const workload of workloads)
      for (const { name } of secretKeyRefs(workload)) expect(name).toBe(secretExample.metadata.name);
    expect(appliedObject('Secret', secretExample.metadata.name)).toBe(false);
    for (const autoscaler of objects.filter((object) => object.kind === 'HorizontalPodAutoscaler')) {
      const { kind, name } = autoscaler.spec.scaleTargetRef;
      expect(appliedObject(kind, name), `${kind} ${name}`).toBe(true);
    }
    // Every selector selects the pods of one workload.
    const selectors = [
      ...objects.filter((object) => object.kind === 'Service').map((service) => service.spec.selector),
      ...objects
        .filter((object) => ['PodDisruptionBudget', 'NetworkPolicy'].includes(object.kind))
        .map((object) => (object.spec.selector ?? object.spec.podSelector).matchLabels),
    ];
    for (const selector of selectors)
      expect(
        workloads.filter((workload) => selects(selector, podLabels(workload))),
        JSON.stringify(selector),
      ).toHaveLength(1);
  });
});

describe('the ServiceMonitor', () => {
  it("scrapes the site's Service on its port `metrics`, the container's metrics port", () => {
    const monitor = findObject('ServiceMonitor', 'website')!;
    const service = findObject('Service', 'website')!;
    expect(
      objects.filter(
        (object) => object.kind === 'Service' && selects(monitor.spec.selector.matchLabels, object.metadata.labels),
      ),
    ).toEqual([service]);
    const [endpoint] = monitor.spec.endpoints;
    const port = service.spec.ports.find((candidate: Doc) => candidate.name === endpoint.port);
    expect(port.targetPort).toBe('metrics');
    expect(siteContainer.ports.find((candidate: Doc) => candidate.name === 'metrics').containerPort).toBe(
      Number(siteEnv.METRICS_PORT),
    );
    expect(endpoint.path).toBe('/metrics');
  });
});

describe('the Secret `website`', () => {
  const exampleCommand = readFileSync(path.join(ROOT, BASE_DIRECTORY, SECRET_EXAMPLE), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('#   '))
    .map((line) => line.slice('#   '.length))
    .join('\n');

  it('is created, in the example and its command, with every key the Deployments read from it', () => {
    const read = keysReadFromSecret(secretExample.metadata.name);
    expect(read).toContain('redis-url');
    expect(new Set(Object.keys(secretExample.stringData))).toEqual(read);
    expect(exampleCommand).toContain(`kubectl create secret generic ${secretExample.metadata.name} `);
    expect(literalKeys(exampleCommand)).toEqual(read);
    // The example's command is the one the documentation gives.
    expect(shellBlocks).toContain(`${exampleCommand}\n`);
  });
});

describe('the autoscaler', () => {
  const autoscaler = findObject('HorizontalPodAutoscaler', 'website')!;

  it('alone sets the number of replicas, from a floor of at least two', () => {
    expect(autoscaler.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'website' });
    expect(siteDeployment.spec).not.toHaveProperty('replicas');
    expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(autoscaler.spec.maxReplicas).toBeGreaterThan(autoscaler.spec.minReplicas);
    // The budget lets fewer go at once than the floor keeps.
    expect(findObject('PodDisruptionBudget', 'website')!.spec.maxUnavailable).toBeLessThan(autoscaler.spec.minReplicas);
    expect(kubernetesDocs).toContain(`${autoscaler.spec.minReplicas} to ${autoscaler.spec.maxReplicas} on CPU`);
  });

  it('scales on a CPU utilisation every container has a request for', () => {
    expect(autoscaler.spec.metrics).toEqual([
      { type: 'Resource', resource: { name: 'cpu', target: expect.objectContaining({ type: 'Utilization' }) } },
    ]);
    for (const container of sitePod.containers) expect(container.resources.requests.cpu, container.name).toBeDefined();
  });
});

/** The label of the namespace whose pods (the ingress controller) may reach the site's HTTP port. */
const INGRESS_LABEL = 'architectenregister.nl/ingress';

describe('the network policies', () => {
  const policyOf = (workload: Doc) =>
    objects.filter(
      (object) => object.kind === 'NetworkPolicy' && selects(object.spec.podSelector.matchLabels, podLabels(workload)),
    );
  const sitePolicy = findObject('NetworkPolicy', 'website')!;
  const redisPolicy = findObject('NetworkPolicy', 'redis')!;
  const redisUrl = new URL(secretExample.stringData['redis-url']);

  /** The site's egress rules that let a connection to this port through. */
  const egressTo = (port: number, protocol = 'TCP') =>
    sitePolicy.spec.egress.filter((rule: Doc) =>
      (rule.ports ?? [{ protocol }]).some(
        (allowed: Doc) =>
          (allowed.protocol ?? 'TCP') === protocol && (allowed.port === undefined || allowed.port === port),
      ),
    );
  const portNumber = (name: string) =>
    siteContainer.ports.find((candidate: Doc) => candidate.name === name).containerPort as number;

  it('cover the pods of every workload, both ways', () => {
    for (const workload of workloads) {
      const policies = policyOf(workload);
      expect(policies, workload.metadata.name).toHaveLength(1);
      expect(policies[0]!.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    }
  });

  it("let pages in only from the ingress controller's namespace, and metrics only from the namespace monitoring", () => {
    // The site trusts one proxy's X-Forwarded-For (TRUST_PROXY=1): only that proxy may reach its port.
    expect(siteEnv.TRUST_PROXY).toBe('1');
    expect(sitePolicy.spec.ingress).toEqual([
      {
        from: [{ namespaceSelector: { matchLabels: { [INGRESS_LABEL]: 'true' } } }],
        ports: [{ protocol: 'TCP', port: 'http' }],
      },
      {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
        ports: [{ protocol: 'TCP', port: 'metrics' }],
      },
    ]);
    expect(portNumber('http')).toBe(Number(siteEnv.PORT));
    // The label is the operator's to set on the ingress controller's namespace: the docs say how.
    expect(kubernetesDocs).toContain(`kubectl label namespace ingress-nginx ${INGRESS_LABEL}=true`);
    expect(portNumber('metrics')).toBe(Number(siteEnv.METRICS_PORT));
  });

  it('let the site reach DNS, Redis, the CMS over HTTPS and a collector in monitoring, and nothing else', () => {
    for (const protocol of ['UDP', 'TCP'])
      expect(egressTo(53, protocol)).toEqual([
        {
          to: [
            {
              namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
              podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
            },
          ],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
      ]);
    // Redis, at the Secret's URL: only its pods.
    const [toRedis, ...others] = egressTo(Number(redisUrl.port));
    expect(others).toEqual([]);
    expect(toRedis.to).toHaveLength(1);
    expect(toRedis.to[0].namespaceSelector).toBeUndefined();
    expect(selects(toRedis.to[0].podSelector.matchLabels, podLabels(redisDeployment))).toBe(true);
    expect(findObject('Service', redisUrl.hostname)!.spec.selector).toEqual(toRedis.to[0].podSelector.matchLabels);
    // HTTPS anywhere: the CMS and the other services the settings name, outside the cluster, on their port.
    expect(egressTo(443)).toEqual([{ ports: [{ protocol: 'TCP', port: 443 }] }]);
    const services = ['CMS_API_URL', 'REGISTER_API_URL', 'OTEL_EXPORTER_OTLP_ENDPOINT'].filter((name) => siteEnv[name]);
    expect(services).toContain('CMS_API_URL');
    for (const name of services) {
      const url = new URL(siteEnv[name]!);
      expect(egressTo(Number(url.port || { 'https:': 443, 'http:': 80 }[url.protocol])), name).not.toEqual([]);
    }
    // OTLP/HTTP's port, to the namespace monitoring.
    expect(egressTo(4318)).toEqual([
      {
        to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
        ports: [{ protocol: 'TCP', port: 4318 }],
      },
    ]);
    expect(sitePolicy.spec.egress).toHaveLength(4);
  });

  it("let only the site's pods reach Redis, which reaches no one", () => {
    expect(redisPolicy.spec.ingress).toHaveLength(1);
    const [{ from, ports }] = redisPolicy.spec.ingress;
    expect(from).toHaveLength(1);
    expect(selects(from[0].podSelector.matchLabels, podLabels(siteDeployment))).toBe(true);
    expect(from[0].namespaceSelector).toBeUndefined();
    expect(ports).toEqual([{ protocol: 'TCP', port: Number(redisUrl.port) }]);
    expect(redisPolicy.spec.egress ?? []).toEqual([]);
  });
});

describe('the workloads', () => {
  const containersOf = (workload: Doc): Doc[] => workload.spec.template.spec.containers;

  it('probe readiness on /readyz, liveness on /livez and start-up on /healthz, allowing a busy replica 3 s', () => {
    expect(siteContainer.readinessProbe.httpGet.path).toBe('/readyz');
    expect(siteContainer.livenessProbe.httpGet.path).toBe('/livez');
    expect(siteContainer.startupProbe.httpGet.path).toBe('/healthz');
    // Kubernetes' default of 1 s is close to what a replica just started under load takes (0.9 s).
    expect(siteContainer.readinessProbe.timeoutSeconds).toBe(3);
    expect(siteContainer.livenessProbe.timeoutSeconds).toBe(3);
  });

  it('run as non-root, on a read-only root file system, without capabilities, under the seccomp profile RuntimeDefault', () => {
    for (const workload of workloads) {
      const pod = workload.spec.template.spec;
      expect(pod.securityContext, workload.metadata.name).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(pod.securityContext.runAsUser, workload.metadata.name).toBeGreaterThan(0);
      for (const container of containersOf(workload))
        expect(container.securityContext, container.name).toEqual({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
    }
  });

  it('carry no service account token', () => {
    for (const workload of workloads)
      expect(workload.spec.template.spec.automountServiceAccountToken, workload.metadata.name).toBe(false);
  });

  it("give the site only its own settings, not variables of the namespace's Services", () => {
    expect(sitePod.enableServiceLinks).toBe(false);
  });

  it('request CPU and memory and bound memory; Redis evicts before its bound', () => {
    for (const workload of workloads)
      for (const container of containersOf(workload)) {
        expect(Object.keys(container.resources.requests).sort(), container.name).toEqual(['cpu', 'memory']);
        expect(container.resources.limits.memory, container.name).toBeDefined();
      }
    const toBytes = (quantity: string) => {
      const [, amount, unit] = /^(\d+)(mb|Mi|Gi)$/.exec(quantity)!;
      return Number(amount) * { mb: 2 ** 20, Mi: 2 ** 20, Gi: 2 ** 30 }[unit as 'mb' | 'Mi' | 'Gi'];
    };
    const redis = containersOf(redisDeployment)[0]!;
    const maxmemory = redis.args[redis.args.indexOf('--maxmemory') + 1];
    expect(toBytes(maxmemory)).toBeLessThan(toBytes(redis.resources.limits.memory));
  });

  it('spread the replicas over nodes and zones', () => {
    const spread = sitePod.topologySpreadConstraints as Doc[];
    expect(spread.map((constraint) => constraint.topologyKey).sort()).toEqual([
      'kubernetes.io/hostname',
      'topology.kubernetes.io/zone',
    ]);
    for (const constraint of spread) {
      expect(selects(constraint.labelSelector.matchLabels, podLabels(siteDeployment))).toBe(true);
      expect(constraint.maxSkew).toBe(1);
    }
  });
});

describe("docs/operations.md's Kubernetes commands", () => {
  const calls = mkdtempSync(path.join(tmpdir(), 'kubectl-calls-'));
  afterAll(() => rmSync(calls, { recursive: true, force: true }));

  /**
   * The documented commands, run in order by bash with `kubectl` and `kustomize` recording their arguments,
   * one file a call, each with the program and the folder it ran in first.
   */
  const recordedCalls = (): Array<{ program: string; cwd: string; args: string[] }> => {
    const record = ['kubectl', 'kustomize']
      .map(
        (program) =>
          // Numbered by the files already written: a call in a subshell (`(cd … && kustomize …)`) counts too.
          `${program}() { printf "%s\\0" ${program} "$PWD" "$@" > "$CALLS/$(printf %03d "$(ls "$CALLS" | wc -l)")"; }\n`,
      )
      .join('');
    execFileSync('bash', ['-euo', 'pipefail', '-c', `${record}${shellBlocks.join('\n')}`], {
      cwd: ROOT,
      env: {
        ...process.env,
        CALLS: calls,
        CMS_API_KEY: 'a-cms-api-key',
        APP_KEY: 'base64:an-app-key-of-the-cms',
        REGISTER_API_KEY: 'a-register-api-key',
        REVALIDATE_SECRET: 'a-revalidate-secret-of-the-cms',
      },
    });
    return readdirSync(calls)
      .sort()
      .map((file) => {
        const [program = '', cwd = '', ...args] = readFileSync(path.join(calls, file), 'utf8').split('\0').slice(0, -1);
        return { program, cwd, args };
      });
  };

  /** The name and values of the Secret that `kubectl create secret generic NAME --from-literal=KEY=VALUE …` creates. */
  const secretCreatedBy = (args: string[]) => {
    const name = args.filter((arg) => !arg.startsWith('-'))[3]!;
    const values = Object.fromEntries(
      args.flatMap((arg) => {
        const literal = /^--from-literal=([^=]+)=(.*)$/s.exec(arg);
        return literal ? [[literal[1]!, literal[2]!]] : [];
      }),
    );
    // kubectl itself, without a cluster, makes the same of it.
    const secret = JSON.parse(kubectl([...args, '--dry-run=client', '--output=json'])) as Doc;
    expect(secret.metadata.name).toBe(name);
    const decoded = Object.entries(secret.data as Record<string, string>).map(([key, value]) => [
      key,
      Buffer.from(value, 'base64').toString('utf8'),
    ]);
    expect(Object.fromEntries(decoded)).toEqual(values);
    return { name, values };
  };

  const KINDS: Record<string, string> = { deployment: 'Deployment', hpa: 'HorizontalPodAutoscaler' };
  /** `deployment/website` or `hpa website`: the object they name, which must be applied. */
  const named = (words: string[]) => {
    const [kind, name] = words[0]!.includes('/') ? words[0]!.split('/') : words;
    const object = applied.find(({ object }) => object.kind === KINDS[kind!] && object.metadata.name === name);
    expect(object, words.join(' ')).toBeDefined();
  };

  it('create the Secret before applying an overlay, set the image in an overlay, and name only what the files hold', () => {
    const calls = recordedCalls();
    expect(calls.length).toBeGreaterThan(0);
    const production = overlayDirectory('production');
    const order = calls.map(({ args }) =>
      args
        .filter((arg) => !arg.startsWith('-'))
        .slice(0, 2)
        .join(' '),
    );
    expect(order.indexOf('create secret')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('create secret')).toBeLessThan(order.indexOf(`apply ${production}`));
    for (const { program, cwd, args } of calls) {
      const words = args.filter((arg) => !arg.startsWith('-'));
      const shape = words.slice(0, 2).join(' ');
      if (program === 'kustomize') {
        // `kustomize edit set image NAME=NEW_NAME:TAG`, in an overlay's folder: it rewrites that overlay's
        // `images` entry for the base's image name.
        expect(path.relative(ROOT, cwd)).toBe(production);
        const [, , , image] = words;
        expect(words.slice(0, 3)).toEqual(['edit', 'set', 'image']);
        const [, name, newName, newTag] = /^([^=]+)=([^:]+):(.+)$/.exec(image!)!;
        expect(name).toBe(siteContainer.image);
        const { images } = readYaml(`${production}/${KUSTOMIZATION_FILE}`)[0]!;
        expect(images[0]).toMatchObject({ name, newName });
        expect(newTag).not.toBe(images[0].newTag);
      } else if (shape === 'create secret') {
        const { name, values } = secretCreatedBy(args);
        expect(name).toBe(secretExample.metadata.name);
        expect(new Set(Object.keys(values))).toEqual(keysReadFromSecret(name));
        expect(decodeURIComponent(new URL(values['redis-url']!).password)).toBe(values['redis-password']);
        // The site starts with it, in either environment.
        for (const overlay of OVERLAYS) {
          const objects = built[overlay];
          const container = findIn(objects, 'Deployment', 'website')!.spec.template.spec.containers[0];
          const env = containerEnvironment(objects, container, values);
          expect(() => loadConfig({ ...env, NODE_ENV: 'production' }), overlay).not.toThrow();
        }
      } else if (shape.startsWith('apply ') && !shape.startsWith('apply edit-last-applied')) {
        expect(args.slice(0, 2)).toEqual(['apply', '-k']);
        expect(OVERLAYS.map(overlayDirectory)).toContain(args[2]);
        expect(args).toHaveLength(3);
        expect(existsSync(path.join(ROOT, args[2]!, KUSTOMIZATION_FILE))).toBe(true);
      } else if (['rollout status', 'rollout undo', 'get hpa', 'apply edit-last-applied'].includes(shape)) {
        named(words.slice(shape === 'get hpa' ? 1 : 2));
      } else {
        throw new Error(`a command this test does not know: ${program} ${args.join(' ')}`);
      }
    }
    expect(calls.map(({ program }) => program)).toContain('kustomize');
  });
});
