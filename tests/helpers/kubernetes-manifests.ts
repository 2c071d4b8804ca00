import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { ManifestObject } from './kubernetes-schema.ts';
import { ROOT } from './site.ts';

// The deployment files, parsed: the objects of deploy/kubernetes/base, each with the file it is in, its
// kustomization, and each overlay as `kubectl kustomize` builds it (kubectl from KUBECTL_PATH, which
// `npm test` sets, or the PATH's).

/** Parsed YAML, read freely: a wrong path fails the test. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = Record<string, any>;

export const KUBERNETES_DIRECTORY = 'deploy/kubernetes';
export const BASE_DIRECTORY = `${KUBERNETES_DIRECTORY}/base`;
export const OVERLAYS = ['staging', 'production'] as const;
export type Overlay = (typeof OVERLAYS)[number];
export const overlayDirectory = (overlay: Overlay) => `${KUBERNETES_DIRECTORY}/overlays/${overlay}`;

/** The documents of a YAML file under the repository's root. */
export const readYaml = (file: string): Doc[] =>
  parseAllDocuments(readFileSync(path.join(ROOT, file), 'utf8'), { merge: true }).map((doc) => doc.toJS() as Doc);

export const KUSTOMIZATION_FILE = 'kustomization.yaml';

/** Every YAML file of deploy/kubernetes/base but the kustomization. */
export const manifestFiles = readdirSync(path.join(ROOT, BASE_DIRECTORY))
  .filter((file) => file.endsWith('.yaml') && file !== KUSTOMIZATION_FILE)
  .sort();

export const kubernetesObjects: Array<ManifestObject & { object: Doc }> = manifestFiles.flatMap((file) =>
  readYaml(`${BASE_DIRECTORY}/${file}`).map((object) => ({ file, object })),
);

export const kustomization = readYaml(`${BASE_DIRECTORY}/${KUSTOMIZATION_FILE}`)[0]!;

export const KUBECTL = process.env.KUBECTL_PATH ?? 'kubectl';

/** kubectl's output; it throws with kubectl's own error when it fails or is missing. */
export const kubectl = (args: string[]) =>
  execFileSync(KUBECTL, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The objects `kubectl kustomize` makes of an overlay (or of any folder with a kustomization). */
export const buildKustomization = (directory: string): Doc[] =>
  parseAllDocuments(kubectl(['kustomize', directory])).map((doc) => doc.toJS() as Doc);

/** The object of that kind and name among these objects; a ConfigMap made by a generator by the name it was given. */
export const findIn = (objects: readonly Doc[], kind: string, name: string): Doc | undefined =>
  objects.find(
    (object) =>
      object.kind === kind &&
      (object.metadata?.name === name || (kind === 'ConfigMap' && object.metadata?.name.startsWith(`${name}-`))),
  );

/** The object of that kind and name in deploy/kubernetes/base, or undefined. */
export const findObject = (kind: string, name: string): Doc | undefined =>
  findIn(
    kubernetesObjects.map(({ object }) => object),
    kind,
    name,
  );

/**
 * The variables a container of these built objects starts with: those of its ConfigMaps (`envFrom`), then
 * its own (`env`, which win), a secret's by its reference (`secret:<name>/<key>`) unless `secrets` has its value.
 */
export const containerEnvironment = (
  objects: readonly Doc[],
  container: Doc,
  secrets: Record<string, string> = {},
): Record<string, string> => ({
  ...Object.assign(
    {},
    ...(container.envFrom ?? []).map(
      (source: Doc) => findIn(objects, 'ConfigMap', source.configMapRef.name)?.data ?? {},
    ),
  ),
  ...Object.fromEntries(
    (container.env ?? []).map((entry: Doc) => {
      const reference = entry.valueFrom?.secretKeyRef;
      return [
        entry.name,
        entry.value ?? secrets[reference?.key] ?? `secret:${String(reference?.name)}/${String(reference?.key)}`,
      ];
    }),
  ),
});

/** docs/operations.md's "Kubernetes" section. */
export const kubernetesDocs = (() => {
  const operations = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
  const start = operations.indexOf('\n## Kubernetes\n');
  const end = operations.indexOf('\n## ', start + 1);
  return operations.slice(start, end === -1 ? undefined : end);
})();

/** The `sh` code blocks of a Markdown text, in their order. */
export const shellBlocksOf = (markdown: string): string[] =>
  [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
