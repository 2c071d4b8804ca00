import { z } from 'zod';
import { SITE_HANDLES } from '../../src/common/cms-dependencies.ts';
import type { ContentChange } from '../../src/common/cms-dependencies.ts';

// The body of POST /api/revalidate: what changed, in Statamic's terms (docs/statamic.md: Revalidation).

const handle = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be a Statamic handle');
const site = z.enum(SITE_HANDLES, { error: `must be one of ${SITE_HANDLES.join(', ')}` });

const contentChange = z.discriminatedUnion(
  'type',
  [
    z
      .object({
        type: z.literal('entry'),
        collection: handle,
        id: z.string().min(1).max(200),
        site,
        slug: z.string().min(1).max(200).optional(),
      })
      .strict(),
    z.object({ type: z.literal('collection-tree'), collection: handle, site }).strict(),
    z.object({ type: z.literal('nav'), handle, site }).strict(),
    z.object({ type: z.literal('global'), handle, site }).strict(),
    z
      .object({ type: z.literal('term'), taxonomy: handle, slug: z.string().min(1).max(200), site: site.optional() })
      .strict(),
    z.object({ type: z.literal('asset'), container: handle, path: z.string().min(1).max(500) }).strict(),
    z.object({ type: z.literal('everything') }).strict(),
  ],
  { error: 'type must be one of entry, collection-tree, nav, global, term, asset, everything' },
);

/** The change a body names, or a one-line reason it names none. */
export const readContentChange = (body: unknown): { change: ContentChange } | { error: string } => {
  const parsed = contentChange.safeParse(body);
  if (parsed.success) return { change: parsed.data };
  const [issue] = parsed.error.issues;
  const field = issue?.path.join('.') ?? '';
  return { error: `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}` };
};
