import path from 'node:path';
import ts from 'typescript';
import { customResourceErrors } from './crd-schema.ts';
import { ROOT } from './site.ts';

// Kubernetes objects checked as the API server checks them, without a cluster: against the schemas of
// `kubernetes-models` (types, formats, required fields) and, as `kubectl apply`'s strict field validation
// does, refusing fields the API does not know. The package's JSON schemas allow any extra field, so the
// second check is TypeScript's excess-property check of each object against the package's interfaces.
// The Prometheus Operator's kinds, which the package lacks, against the operator's own definitions
// (tests/helpers/crd-schema.ts).

/** One object of a manifest file. */
export interface ManifestObject {
  file: string;
  object: Record<string, unknown>;
}

interface Model {
  kind: string;
  new (data: unknown): { validate(): void };
}

/** kubernetes-models' class of an apiVersion and kind (`apps/v1` + `Deployment`), or undefined for one it does not know. */
const modelOf = async (apiVersion: unknown, kind: unknown): Promise<Model | undefined> => {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !/^[A-Z]\w*$/.test(kind)) return undefined;
  try {
    const specifier = `kubernetes-models/${apiVersion}/${kind}`;
    const module = (await import(/* @vite-ignore */ specifier)) as Record<string, Model | undefined>;
    return module[kind]?.kind === kind ? module[kind] : undefined;
  } catch {
    return undefined;
  }
};

const describe = ({ file, object }: ManifestObject) => {
  const metadata = object.metadata as { name?: unknown } | undefined;
  return `${file}: ${String(object.kind)} ${String(metadata?.name)}`;
};

/** Fields the API does not know and values of the wrong type, by TypeScript against the models' interfaces. */
const unknownFields = (objects: ManifestObject[]): string[] => {
  const checked = path.join(ROOT, 'deploy/kubernetes/manifests-check.mts');
  const starts: number[] = [];
  let source = '';
  objects.forEach(({ object }, index) => {
    source += `import type { I${String(object.kind)} as Model${index} } from 'kubernetes-models/${String(object.apiVersion)}/${String(object.kind)}';\n`;
  });
  objects.forEach(({ object }, index) => {
    starts.push(source.length);
    source += `export const object${index}: Model${index} = ${JSON.stringify(object, null, 2)};\n`;
  });
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2024,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name === checked ? ts.createSourceFile(name, source, language) : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => name === checked || fileExists.call(host, name);
  host.readFile = (name) => (name === checked ? source : readFile.call(host, name));
  const program = ts.createProgram([checked], options, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(checked)).map((diagnostic) => {
    const index = starts.findLastIndex((start) => start <= (diagnostic.start ?? 0));
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    return `${objects[index] ? describe(objects[index]) : checked}: ${message}`;
  });
};

/** What the API server would refuse in these objects, one line each; empty when all are valid. */
export const schemaErrors = async (objects: ManifestObject[]): Promise<string[]> => {
  const errors: string[] = [];
  const known: ManifestObject[] = [];
  for (const manifest of objects) {
    const custom = customResourceErrors(manifest.object);
    if (custom) {
      errors.push(...custom.map((error) => `${describe(manifest)}: ${error}`));
      continue;
    }
    const model = await modelOf(manifest.object.apiVersion, manifest.object.kind);
    if (!model) {
      errors.push(`${describe(manifest)}: no such kind in ${String(manifest.object.apiVersion)}`);
      continue;
    }
    known.push(manifest);
    try {
      new model(manifest.object).validate();
    } catch (error) {
      errors.push(`${describe(manifest)}: ${(error as Error).message}`);
    }
  }
  return [...errors, ...unknownFields(known)];
};
