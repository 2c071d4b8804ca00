import { z } from 'zod';

// Reads the query string of a search page or API against a schema: empty values count as absent (an
// HTML form sends `type=`), a parameter given twice is an error, and in strict mode (the JSON APIs) so
// is a parameter the schema does not know. Pages are lenient: their URLs may carry `_rsc` or `utm_*`.

export type ParamsResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** A reader of query strings for `shape`; the schema is made once, as zod compiles it on first use. */
export const paramsReader = <Shape extends z.ZodRawShape>(shape: Shape, mode: 'strict' | 'lenient') => {
  const schema = z.object(shape);
  return (params: URLSearchParams): ParamsResult<z.output<typeof schema>> => {
    const values: Record<string, string> = {};
    for (const [name, value] of params) {
      if (!Object.hasOwn(shape, name)) {
        if (mode === 'strict') return { ok: false, message: `Unknown parameter: ${name.slice(0, 64)}` };
        continue;
      }
      if (params.getAll(name).length > 1) return { ok: false, message: `${name} may be given only once` };
      if (value.trim() !== '') values[name] = value;
    }
    const parsed = schema.safeParse(values);
    if (parsed.success) return { ok: true, value: parsed.data };
    const [issue] = parsed.error.issues;
    return { ok: false, message: issue?.message ?? 'The query could not be read' };
  };
};

/** A whole number parameter from `min` to `max`, with one message for every way it can be wrong. */
export const wholeNumber = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message))
    .default(fallback);
};

/** A text parameter, trimmed, at most `max` characters. */
export const text = (name: string, max: number) =>
  z
    .string()
    .max(max, `${name} must be at most ${max} characters`)
    .transform((value) => value.trim());
