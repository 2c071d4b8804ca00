import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { ManifestObject } from './kubernetes-schema.ts';
import { ROOT } from './site.ts';

// The deployment files, parsed: the objects of deploy/kubernetes, each with the file it is in, and its
// kustomization.

/** Parsed YAML, read freely: a wrong path fails the test. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = Record<string, any>;

export const KUBERNETES_DIRECTORY = 'deploy/kubernetes';

/** The documents of a YAML file under the repository's root. */
export const readYaml = (file: string): Doc[] =>
  parseAllDocuments(readFileSync(path.join(ROOT, file), 'utf8'), { merge: true }).map((doc) => doc.toJS() as Doc);

export const KUSTOMIZATION_FILE = 'kustomization.yaml';

/** Every YAML file of deploy/kubernetes but the kustomization. */
export const manifestFiles = readdirSync(path.join(ROOT, KUBERNETES_DIRECTORY))
  .filter((file) => file.endsWith('.yaml') && file !== KUSTOMIZATION_FILE)
  .sort();

export const kubernetesObjects: Array<ManifestObject & { object: Doc }> = manifestFiles.flatMap((file) =>
  readYaml(`${KUBERNETES_DIRECTORY}/${file}`).map((object) => ({ file, object })),
);

export const kustomization = readYaml(`${KUBERNETES_DIRECTORY}/${KUSTOMIZATION_FILE}`)[0]!;

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

/** The object of that kind and name, or undefined. */
export const findObject = (kind: string, name: string): Doc | undefined =>
  kubernetesObjects.find(({ object }) => object.kind === kind && object.metadata?.name === name)?.object;
