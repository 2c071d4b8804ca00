// An editor's save in the sample content service: its admin route changes an entry's fields and calls
// the site's webhook, as Statamic does on save (sample-cms/README.md).

export const editEntry = (
  contentService: string,
  adminKey: string,
  { collection, slug, fields }: { collection: string; slug: string; fields: Record<string, unknown> },
): Promise<Response> =>
  fetch(`${contentService}/admin/collections/${collection}/entries/${slug}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminKey}` },
    body: JSON.stringify(fields),
  });
