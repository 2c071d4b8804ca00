import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SCHEDULE_CHECK_MS } from '../../sample-cms/schedule.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { client, start } from './helpers.ts';
import type { Item } from './helpers.ts';

// A news item dated ahead goes live at its date: it appears in its list, and the service tells the
// site's webhook then, as Statamic's scheduler fires EntryScheduleReached. The clock is the service's
// `now` option; its checks, once a minute, run on fake timers.

const SECRET = 'schedule-test-secret-0123456789';
let now = new Date('2026-11-24T10:00:00Z');
let service: ContentService;
let site: http.Server;
const received: Array<{ authorization: string | undefined; body: Record<string, string> }> = [];
const { all } = client(() => service);

beforeAll(async () => {
  site = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        authorization: request.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>,
      });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const webhook = { url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/api/revalidate`, secret: SECRET };
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  service = await start({ now: () => now, webhook });
});
afterAll(async () => {
  vi.useRealTimers();
  await service?.close();
  await new Promise((resolve) => site?.close(resolve));
});

const scheduledTitles = async () =>
  (await all('/collections/actualities/entries?filter[site]=default&filter[date:gt]=2099-01-01&fields=title')).map(
    (item: Item) => item.title,
  );

describe('a scheduled news item', () => {
  it('stays hidden, and unannounced, before its date', async () => {
    await vi.advanceTimersByTimeAsync(3 * SCHEDULE_CHECK_MS);
    expect(await scheduledTitles()).toEqual([]);
    expect(received).toEqual([]);
  });

  it('appears at its date, in both sites, and the site is told once per site', async () => {
    now = new Date('2099-01-05T12:00:00Z');
    await vi.advanceTimersByTimeAsync(SCHEDULE_CHECK_MS);
    await expect.poll(() => received.length).toBe(2);
    expect(received.map(({ body }) => [body.type, body.collection, body.site])).toEqual([
      ['entry', 'actualities', 'default'],
      ['entry', 'actualities', 'en'],
    ]);
    expect(received.every(({ authorization }) => authorization === `Bearer ${SECRET}`)).toBe(true);
    expect(await scheduledTitles()).toEqual(['Ingepland: jaarbericht van het register']);
    // Announced once: later checks find nothing new.
    now = new Date('2099-01-06T12:00:00Z');
    await vi.advanceTimersByTimeAsync(3 * SCHEDULE_CHECK_MS);
    // Closing waits for the announcements under way.
    await service.close();
    expect(received).toHaveLength(2);
  });
});
