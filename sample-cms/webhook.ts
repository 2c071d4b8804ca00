// The site's revalidation webhook, as a Statamic listener calls it: `POST` with the shared secret and a
// JSON body naming the change (docs/statamic.md: Revalidation).

export interface Webhook {
  url: string;
  secret: string;
}

const WEBHOOK_TIMEOUT_MS = 5000;

/** Tells the site; its answer, or why there was none. */
export const notifyWebhook = async (
  webhook: Webhook,
  change: object,
): Promise<{ status: number } | { error: string }> => {
  try {
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${webhook.secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(change),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { status: response.status };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
};

/** The change a saved entry names (EntrySaved), and one whose date has come (EntryScheduleReached). */
export const entryChange = (entry: { collection: string; id: string; site: string; slug: string }) => ({
  type: 'entry',
  collection: entry.collection,
  id: entry.id,
  site: entry.site,
  slug: entry.slug,
});

/** The change saved global variables name (GlobalVariablesSaved). */
export const globalsChange = (handle: string, site: string) => ({ type: 'global', handle, site });
