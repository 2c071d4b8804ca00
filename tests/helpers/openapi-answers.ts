import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'vitest';
import { z } from 'zod';

// OpenAPI documents in the suite: the document checked against the OpenAPI 3.1 schema, and each answer an
// API test receives checked against the schema the document gives for its path, method, status and
// media type, so that the description and the API cannot drift apart.

type Document = Record<string, unknown>;

interface DescribedResponse {
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: unknown }>;
}

/** A copy without shared objects, which the validator's resolution of `$ref`s would resolve only once. */
const copied = (document: Document): Document => JSON.parse(JSON.stringify(document)) as Document;

/** The document's problems against the OpenAPI schema of its version; empty when it is valid. */
export const openApiProblems = async (document: Document): Promise<unknown[]> => {
  const result = await new Validator().validate(copied(document));
  return result.valid ? [] : [result.errors];
};

export interface AnswerChecker {
  /**
   * Reads the answer's body and checks it, with its status, media type and described headers, against
   * the document for `path` (a path template of the document, `/architects/{number}`).
   */
  check(response: Response, path: string, method?: string): Promise<unknown>;
}

export const answerChecker = async (document: Document): Promise<AnswerChecker> => {
  const validator = new Validator();
  const { valid, errors } = await validator.validate(copied(document));
  if (!valid) throw new Error(`not a valid OpenAPI document: ${JSON.stringify(errors)}`);
  const resolved = validator.resolveRefs() as {
    paths: Record<string, Record<string, { responses: Record<string, DescribedResponse> }>>;
  };
  const schemas = new Map<unknown, z.ZodType>();
  const schemaOf = (schema: unknown) => {
    if (!schemas.has(schema)) schemas.set(schema, z.fromJSONSchema(schema as never));
    return schemas.get(schema)!;
  };
  return {
    async check(response, path, method = 'get') {
      const described = resolved.paths[path]?.[method]?.responses[String(response.status)];
      expect(described, `${method} ${path} ${response.status} is described`).toBeDefined();
      for (const header of Object.keys(described!.headers ?? {}))
        expect(response.headers.get(header), `${header} of ${path} ${response.status}`).toBeTruthy();
      const mediaType = response.headers.get('content-type')?.split(';')[0] ?? '';
      const content = described!.content?.[mediaType];
      expect(content, `${path} ${response.status} as ${mediaType} is described`).toBeDefined();
      const body: unknown = await response.json();
      const parsed = schemaOf(content!.schema).safeParse(body);
      expect(parsed.error?.issues ?? [], `${path} ${response.status} answers as described`).toEqual([]);
      return body;
    },
  };
};
