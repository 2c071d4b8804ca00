import type { IncomingMessage } from 'node:http';
import type { LivePreviews } from '../content/live-previews.ts';
import type { ContentStore } from '../content/store.ts';
import { DEFAULT_SITE, L } from '../content/model.ts';
import type { FieldValue, SiteHandle } from '../content/model.ts';
import { localize } from '../content/store.ts';
import { entryChange, globalsChange, notifyWebhook } from '../webhook.ts';
import type { FormSubmissions } from './forms.ts';
import type { Webhook } from '../webhook.ts';
import { isAuthorized, isSite } from './api.ts';
import { BODY_LIMIT_BYTES, readBody } from './read-body.ts';
import { jsonReply, notFound } from './reply.ts';
import type { Reply } from './reply.ts';

// Edits at run time, as an editor saving an entry in the control panel:
// `POST /admin/collections/{collection}/entries/{id or slug}?site=default` with a JSON object of text
// fields to set (`{"title": "…"}`), behind a key of its own. After the save the
// service calls the site's revalidation webhook, as a Statamic listener on EntrySaved does.
// The same under `/admin/live-preview/…` saves nothing: it answers 201 with the token of that unsaved
// state, as Live Preview makes one for each pause in typing (content/live-previews.ts).
// `GET /admin/forms/{handle}/submissions` lists a form's submissions, as the control panel shows them.
// `POST /admin/globals/{handle}?site=default` sets variables of a global set in that site, with a JSON
// object of any JSON values (a Group such as the notice is an object; null clears it), and the webhook
// hears GlobalVariablesSaved.

export interface AdminOptions {
  store: ContentStore;
  livePreviews: LivePreviews;
  submissions: FormSubmissions;
  /** `Authorization: Bearer <adminKey>`. */
  adminKey: string;
  /** Called after each edit; null: nobody is told. */
  webhook: () => Webhook | null;
}

/** A non-empty JSON object whose values all pass `accepts`, or null. */
const parseFields = <T>(text: string, accepts: (field: unknown) => field is T): Record<string, T> | null => {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const entries = Object.entries(value);
    return entries.length > 0 && entries.every(([, field]) => accepts(field)) ? (value as Record<string, T>) : null;
  } catch {
    return null;
  }
};

const isText = (field: unknown): field is string => typeof field === 'string';
/** Anything JSON.parse gives is a stored value (strings, numbers, lists, objects, null). */
const isJson = (field: unknown): field is FieldValue => field !== undefined;

/** The set's variables with `fields` set in `site`; the other site keeps what it had. */
const withFields = (
  data: Readonly<Record<string, FieldValue>>,
  fields: Readonly<Record<string, FieldValue>>,
  site: SiteHandle,
): Record<string, FieldValue> => ({
  ...data,
  ...Object.fromEntries(
    Object.entries(fields).map(([name, value]) => {
      const kept = localize(data[name] ?? null, otherSite(site));
      return [name, site === 'en' ? L(kept, value) : L(value, kept)];
    }),
  ),
});

const otherSite = (site: SiteHandle): SiteHandle => (site === 'en' ? 'default' : 'en');

const saveGlobals = async (options: AdminOptions, request: IncomingMessage, handle: string, site: string) => {
  const set = options.store.globals.find((candidate) => candidate.handle === handle);
  if (!set || !isSite(site)) return notFound();
  const text = await readBody(request);
  if (text === null) return jsonReply(413, { message: `The body must be at most ${BODY_LIMIT_BYTES} bytes.` });
  const fields = parseFields(text, isJson);
  if (!fields)
    return jsonReply(400, { message: 'The body must be a JSON object of variables, e.g. {"notice": null}.' });
  const unknown = Object.keys(fields).filter((field) => !(field in set.data));
  if (unknown.length > 0) return jsonReply(422, { message: `The global set has no variable ${unknown.join(', ')}.` });
  set.data = withFields(set.data, fields, site);
  const change = globalsChange(handle, site);
  const webhook = options.webhook();
  return jsonReply(200, { saved: change, webhook: webhook ? await notifyWebhook(webhook, change) : null });
};

const findEntry = (store: ContentStore, collection: string, idOrSlug: string, site: string) =>
  [store.findById(idOrSlug)].find((entry) => entry?.collection === collection) ??
  store.entries.find((entry) => entry.collection === collection && entry.slug === idOrSlug && entry.site === site);

const listSubmissions = (
  submissions: FormSubmissions,
  request: IncomingMessage,
  segments: readonly string[],
): Reply => {
  const [handle, what, ...rest] = segments;
  if (!handle || what !== 'submissions' || rest.length > 0) return notFound();
  if (request.method !== 'GET')
    return { ...jsonReply(405, { message: 'Method not allowed.' }), headers: { Allow: 'GET' } };
  return jsonReply(200, { data: submissions.list(handle) });
};

export const handleAdmin = async (
  options: AdminOptions,
  request: IncomingMessage,
  url: URL,
  segments: readonly string[],
): Promise<Reply> => {
  const [scheme, key] = (request.headers.authorization ?? '').split(' ');
  if (scheme !== 'Bearer' || !isAuthorized(key, options.adminKey))
    return jsonReply(401, { message: 'Unauthenticated.' });
  if (segments[0] === 'forms') return listSubmissions(options.submissions, request, segments.slice(1));
  if (segments[0] === 'globals') {
    const [, handle, ...rest] = segments;
    if (!handle || rest.length > 0) return notFound();
    if (request.method !== 'POST')
      return { ...jsonReply(405, { message: 'Method not allowed.' }), headers: { Allow: 'POST' } };
    return saveGlobals(options, request, handle, url.searchParams.get('site') ?? DEFAULT_SITE);
  }
  const livePreview = segments[0] === 'live-preview';
  const [collections, collection, entries, idOrSlug, ...rest] = livePreview ? segments.slice(1) : segments;
  if (collections !== 'collections' || !collection || entries !== 'entries' || !idOrSlug || rest.length > 0)
    return notFound();
  if (request.method !== 'POST')
    return { ...jsonReply(405, { message: 'Method not allowed.' }), headers: { Allow: 'POST' } };

  const entry = findEntry(options.store, collection, idOrSlug, url.searchParams.get('site') ?? 'default');
  if (!entry) return notFound();
  const text = await readBody(request);
  if (text === null) return jsonReply(413, { message: `The body must be at most ${BODY_LIMIT_BYTES} bytes.` });
  const fields = parseFields(text, isText);
  if (!fields)
    return jsonReply(400, { message: 'The body must be a JSON object of text fields, e.g. {"title": "…"}.' });
  const unknown = Object.keys(fields).filter((field) => !(field in entry.data));
  if (unknown.length > 0) return jsonReply(422, { message: `The entry has no field ${unknown.join(', ')}.` });
  if (livePreview) return jsonReply(201, { token: options.livePreviews.create(entry.id, fields) });

  entry.data = { ...entry.data, ...fields };
  entry.updatedAt = new Date().toISOString();
  const change = entryChange(entry);
  const webhook = options.webhook();
  return jsonReply(200, { saved: change, webhook: webhook ? await notifyWebhook(webhook, change) : null });
};
