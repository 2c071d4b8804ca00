import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './site.ts';

// Objects of a custom resource checked as the API server checks them: against the `openAPIV3Schema` of
// its CustomResourceDefinition (tests/fixtures/prometheus-operator-crds/), with the parts of OpenAPI a
// structural schema uses, and fields the schema does not name refused, as `kubectl apply`'s strict field
// validation does. `metadata` is the API server's own (ObjectMeta): the definitions leave it open.

/** The parts of a structural schema the Prometheus Operator's definitions use. */
interface Schema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  anyOf?: Schema[];
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
}

const CRD_DIRECTORY = 'tests/fixtures/prometheus-operator-crds';

interface Definition {
  spec: {
    group: string;
    names: { kind: string };
    versions: Array<{ name: string; schema: { openAPIV3Schema: Schema } }>;
  };
}

/** Each served kind's schema, by `apiVersion/kind` (`monitoring.coreos.com/v1/ServiceMonitor`). */
const SCHEMAS = new Map<string, Schema>(
  readdirSync(path.join(ROOT, CRD_DIRECTORY))
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) => {
      const { spec } = parse(readFileSync(path.join(ROOT, CRD_DIRECTORY, file), 'utf8')) as Definition;
      return spec.versions.map(
        (version) => [`${spec.group}/${version.name}/${spec.names.kind}`, version.schema.openAPIV3Schema] as const,
      );
    }),
);

const typeOf = (value: unknown): string =>
  Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : value === null ? 'null' : typeof value;

const violations = (schema: Schema, value: unknown, at: string): string[] => {
  if (schema['x-kubernetes-int-or-string'])
    return typeof value === 'string' || Number.isInteger(value) ? [] : [`${at}: must be an integer or a string`];
  if (schema.anyOf && !schema.anyOf.some((option) => violations(option, value, at).length === 0))
    return [`${at}: matches none of its forms`];
  const actual = typeOf(value);
  if (schema.type && actual !== schema.type && !(schema.type === 'number' && actual === 'integer'))
    return [`${at}: must be of type ${schema.type} (got ${actual})`];
  const errors: string[] = [];
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${at}: must be one of ${schema.enum.join(', ')}`);
  if (typeof value === 'string') {
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value))
      errors.push(`${at}: must match ${schema.pattern}`);
    if (schema.minLength !== undefined && value.length < schema.minLength) errors.push(`${at}: too short`);
  }
  if (typeof value === 'number' && schema.minimum !== undefined && value < schema.minimum)
    errors.push(`${at}: below ${schema.minimum}`);
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${at}: too few items`);
    if (schema.items)
      value.forEach((item, index) => errors.push(...violations(schema.items!, item, `${at}[${index}]`)));
  }
  if (actual === 'object' && !schema['x-kubernetes-preserve-unknown-fields']) {
    const object = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!(name in object)) errors.push(`${at}.${name}: required`);
    for (const [name, field] of Object.entries(object)) {
      const own = schema.properties?.[name];
      const extra = schema.additionalProperties;
      if (own) errors.push(...violations(own, field, `${at}.${name}`));
      else if (typeof extra === 'object') errors.push(...violations(extra, field, `${at}.${name}`));
      else if (schema.properties && extra !== true) errors.push(`${at}.${name}: unknown field`);
    }
  }
  return errors;
};

/**
 * What the API server would refuse in this custom resource, one line each; undefined when no definition
 * of its kind is known here.
 */
export const customResourceErrors = (object: Record<string, unknown>): string[] | undefined => {
  const schema = SCHEMAS.get(`${String(object.apiVersion)}/${String(object.kind)}`);
  if (!schema) return undefined;
  return violations(schema, object, String(object.kind));
};
