import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PREVIEW_TTL_MS } from '../../sample-cms/content/live-previews.ts';
import { entryId } from '../../sample-cms/content/store.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { PREVIEW_TOKEN, client, start } from './helpers.ts';
import type { Item } from './helpers.ts';

// Live Preview's tokens: each stands for an editor's unsaved state of one entry, for an hour; the
// fixed preview token and the public route go on showing what is stored.

const ADMIN_KEY = 'live-preview-admin-key';
const PAGE = entryId('over-ons', 'default');
const DRAFT = entryId('nieuw-registerportaal', 'default');
let service: ContentService;
let now = new Date('2026-11-24T10:00:00Z');
const { json } = client(() => service);

beforeAll(async () => {
  service = await start({ adminKey: ADMIN_KEY, now: () => now });
});
afterAll(async () => {
  await service?.close();
});

const livePreview = (id: string, body: unknown, key = ADMIN_KEY) =>
  fetch(`${service.url}/admin/live-preview/collections/pages/entries/${id}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const tokenFor = async (id: string, fields: Record<string, string>): Promise<string> => {
  const response = await livePreview(id, fields);
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
};

const titleWith = async (id: string, token: string | null, status = 200) =>
  (await json<{ data: Item }>(`/collections/pages/entries/${id}${token ? `?token=${token}` : ''}`, status)).data?.title;

describe('a live-preview token', () => {
  it("shows the entry's unsaved fields, and saves nothing", async () => {
    const token = await tokenFor(PAGE, { title: 'Over ons, concept' });
    expect(await titleWith(PAGE, token)).toBe('Over ons, concept');
    expect(await titleWith(PAGE, PREVIEW_TOKEN)).toBe('Over ons');
    expect(await titleWith(PAGE, null)).toBe('Over ons');
  });

  it('shows a draft, and only the entry it was made for', async () => {
    const token = await tokenFor(DRAFT, { title: 'Nieuw portaal, concept' });
    expect(await titleWith(DRAFT, token)).toBe('Nieuw portaal, concept');
    expect(await titleWith(PAGE, token)).toBe('Over ons');
    await titleWith(DRAFT, null, 404);
  });

  it('lasts an hour', async () => {
    const token = await tokenFor(DRAFT, { title: 'Nieuw portaal, concept' });
    now = new Date(now.getTime() + LIVE_PREVIEW_TTL_MS);
    await titleWith(DRAFT, token, 404);
  });

  it('is made only with the admin key, for a known entry and known text fields', async () => {
    expect((await livePreview(PAGE, { title: 'x' }, 'wrong-key')).status).toBe(401);
    expect((await livePreview(entryId('bestaat-niet', 'default'), { title: 'x' })).status).toBe(404);
    expect((await livePreview(PAGE, { nonsense: 'x' })).status).toBe(422);
    expect((await livePreview(PAGE, ['x'])).status).toBe(400);
  });
});
