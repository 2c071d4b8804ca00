import { z } from 'zod';
import type { Asset, Term, Theme } from './types.ts';

// The field types the site reads, as Statamic 5 and 6 send them through the REST API, each normalised to
// the one shape the templates use. Which shape arrives depends on the version and on the blueprint (an
// assets field limited to one file is an object, otherwise a list; a relation may be an augmented
// object or a bare id; Bard is HTML or a list of blocks). A value no schema reads fails its field only
// (entries.ts renders it as absent and logs it once).

/** Any JSON object (a row, a set, a nav item), before its fields are read. */
export const record = z.record(z.string(), z.unknown());
export const isRecord = (value: unknown): value is Record<string, unknown> => record.safeParse(value).success;

/** Text, Textarea, Slug, a number shown as text. */
export const text = z.union([z.string(), z.number().transform(String)]);

/** A Toggle; old content may hold it as text or 0/1. */
export const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
  z.literal([0, 1]).transform((value) => value === 1),
]);

/** An Integer or Float field, also as text. */
export const number = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .pipe(z.number().finite());

/** A Select, Radio or Button Group: the value, also from Statamic's augmented `{value, label, key}`. */
export const option = z.union([z.string(), z.object({ value: z.string() }).transform(({ value }) => value)]);

/** Bard saved as HTML, Markdown (augmented to HTML), or Bard as blocks: the HTML of its text blocks. */
export const html = z.union([
  z.string(),
  z
    .array(z.unknown())
    .transform((blocks) =>
      blocks
        .map((block) => (isRecord(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
        .join(''),
    ),
]);

const assetObject = z
  .object({
    id: z.string().optional(),
    url: z.string().min(1),
    permalink: z.string().optional(),
    alt: z.string().nullish(),
    // A file's facts; a value that is not one is left out rather than failing the asset.
    extension: z
      .string()
      .regex(/^[a-z\d]{1,10}$/i)
      .nullish()
      .catch(null),
    mime_type: z.string().nullish().catch(null),
    size: z.number().int().positive().nullish().catch(null),
  })
  .transform(({ id, url, permalink, alt, extension, mime_type, size }): Asset => ({
    id: id ?? url,
    url,
    ...(permalink ? { permalink } : {}),
    alt: alt ?? null,
    ...(extension ? { extension } : {}),
    ...(mime_type ? { mime_type } : {}),
    ...(size ? { size } : {}),
  }));

/** An Assets field: one asset (with or without focus), a list of which the first counts, or a bare URL. */
export const asset = z.union([
  assetObject,
  z.array(z.unknown()).transform((list, context): Asset => {
    const first = assetObject.safeParse(list.find((item) => item !== null));
    if (first.success) return first.data;
    context.addIssue({ code: 'custom', message: 'no readable asset in the list' });
    return z.NEVER;
  }),
  z
    .string()
    .min(1)
    .transform((url): Asset => ({ id: url, url, alt: null })),
]);

/** An Assets field allowing several files. */
export const assets = z.union([z.array(z.unknown()), assetObject]).transform((value) =>
  (Array.isArray(value) ? value : [value]).flatMap((item) => {
    const parsed = assetObject.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  }),
);

const termObject = z
  .object({
    id: z.string().optional(),
    slug: z.string().min(1),
    title: text.optional(),
    taxonomy: z.object({ handle: z.string(), title: z.string() }).nullish(),
  })
  .transform(({ id, slug, title, taxonomy }): Term => ({
    id: id ?? slug,
    slug,
    title: title ?? slug,
    taxonomy: taxonomy ?? null,
  }));
/** A bare term id, `{taxonomy}::{slug}`, as a relation that is not augmented sends it. */
const termId = z
  .string()
  .regex(/^[a-z0-9_-]+::[^:]+$/i)
  .transform((id): Term => {
    const [taxonomy = '', slug = ''] = id.split('::');
    return { id, slug, title: slug, taxonomy: { handle: taxonomy, title: taxonomy } };
  });
const anyTerm = z.union([termObject, termId]);

/** A Terms field limited to one term: the term, also from a list of one. */
export const term = z.union([
  anyTerm,
  z
    .array(anyTerm)
    .min(1)
    .transform(([first]) => first!),
]);

/** A Terms field: the terms, one or a list. */
export const terms = z.union([z.array(anyTerm), anyTerm.transform((single) => [single])]);

/** A relation to an entry: the augmented entry, a bare id, or a list of which the first counts. */
const entryObject = z
  .object({ id: z.string(), title: text.nullish(), url: z.string().nullish() })
  .transform(({ id, title, url }) => ({ id, title: title ?? undefined, url: url ?? undefined }));
const entryReference = z.union([
  entryObject,
  z
    .string()
    .min(1)
    .transform((id) => ({ id })),
]);
export const entry = z.union([
  entryReference,
  z
    .array(entryReference)
    .min(1)
    .transform(([first]) => first!),
]);

/**
 * A Link field: a URL or path; Statamic 5 and 6 may send the linked entry or asset itself (an object with
 * its `url`), and some versions `{value}`. An `entry::{id}` reference the CMS did not resolve has no URL.
 */
export const link = z.union([
  z.string().refine((value) => !value.startsWith('entry::'), 'an unresolved entry reference'),
  z.object({ url: z.string().min(1) }).transform(({ url }) => url),
  z.object({ value: z.string().min(1) }).transform(({ value }) => value),
]);

/** The page theme: colours as text, the diagonal as a toggle. */
export const theme = z
  .object({ bg: text.nullish(), text: text.nullish(), diap: flag.nullish() })
  .transform(({ bg, text: colour, diap }): Theme => ({ bg: bg ?? null, text: colour ?? null, diap: diap ?? null }));

/** A Replicator's (or Grid's) rows: objects, whatever else the list holds left out. */
export const rows = z.array(z.unknown()).transform((list) => list.filter(isRecord));
