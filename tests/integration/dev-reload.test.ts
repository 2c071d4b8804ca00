import { once } from 'node:events';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_BUILD_ERROR_FILE, createDevReload } from '../../server/http/dev-reload.ts';
import { DEV_RELOAD_SCRIPT } from '../../src/common/payload.ts';
import { ROOT, get, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// `npm run dev`'s reload (server/http/dev-reload.ts): with DEV_RELOAD=1 every page loads a script that listens
// for a new site and for a failed build; without it, as in production, nothing of it exists.

const buildErrorFile = path.join(ROOT, DEV_BUILD_ERROR_FILE);
let production: Site;
let development: Site;

beforeAll(async () => {
  [production, development] = await Promise.all([openSite(), openSite({ DEV_RELOAD: '1' })]);
});
afterAll(async () => {
  await Promise.all([production.stop(), development.stop()]);
  await rm(buildErrorFile, { force: true });
});

/** The server-sent events of `url`, one at a time, as they come. */
const listen = async (url: string) => {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const chunks = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  return {
    next: async (): Promise<{ event: string; data: string }> => {
      for (;;) {
        const end = text.indexOf('\n\n');
        if (end >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const field = (name: string) => new RegExp(`^${name}: ?(.*)$`, 'm').exec(block)?.[1];
          const event = field('event');
          if (event) return { event, data: field('data') ?? '' };
          continue;
        }
        const chunk = await chunks.read();
        if (chunk.done) throw new Error('the events ended');
        text += chunk.value;
      }
    },
    close: () => controller.abort(),
  };
};

describe('in production', () => {
  it('a page names no reload script, and neither the script nor the events exist', async () => {
    const html = await (await get(`${production.url}/`, { Cookie: 'i18n_redirected=nl' })).text();
    expect(html).toContain('</html>');
    expect(html).not.toContain('__dev');
    expect((await get(`${production.url}${DEV_RELOAD_SCRIPT}`)).status).toBe(404);
    expect((await get(`${production.url}/__dev/events`)).status).toBe(404);
  });

  it('no browser file of the build carries any of it', async () => {
    const files = (await readdir(path.join(ROOT, 'dist/client'))).filter((file) => file.endsWith('.js'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files)
      expect(await readFile(path.join(ROOT, 'dist/client', file), 'utf8')).not.toContain('__dev');
  });
});

describe('under npm run dev', () => {
  it('a page loads the reload script, which listens to the events', async () => {
    const html = await (await get(`${development.url}/`, { Cookie: 'i18n_redirected=nl' })).text();
    expect(html).toContain(`<script src="${DEV_RELOAD_SCRIPT}" async="">`);
    const script = await get(`${development.url}${DEV_RELOAD_SCRIPT}`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('new EventSource("/__dev/events")');
  });

  it('the events name the site, then a failed build with its errors, then the mended build', async () => {
    const events = await listen(`${development.url}/__dev/events`);
    try {
      expect(await events.next()).toEqual({ event: 'site', data: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(await events.next()).toEqual({ event: 'build-mended', data: '""' });
      await writeFile(buildErrorFile, 'ERROR in ./src/example.tsx');
      expect(await events.next()).toEqual({
        event: 'build-failed',
        data: JSON.stringify('ERROR in ./src/example.tsx'),
      });
      await rm(buildErrorFile);
      expect(await events.next()).toEqual({ event: 'build-mended', data: '""' });
    } finally {
      events.close();
    }
  });
});

describe('an error the renderers log under npm run dev', () => {
  it('goes to the log and to the open pages, with its stack', async () => {
    const devReload = createDevReload({ buildErrorFile: path.join(tmpdir(), 'no-build-errors-here.txt') });
    const server = express().use(devReload.router).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const events = await listen(`http://127.0.0.1:${(server.address() as AddressInfo).port}/__dev/events`);
    try {
      expect((await events.next()).event).toBe('site');
      expect((await events.next()).event).toBe('build-mended');
      const logged: string[] = [];
      const log = devReload.reportingTo({ error: (_details, message) => logged.push(message), warn: () => {} });
      log.error({ err: new Error('a component broke') }, 'server component failed');
      const event = await events.next();
      expect(event.event).toBe('render-failed');
      expect(JSON.parse(event.data)).toMatch(/^server component failed\n\nError: a component broke\n {4}at /);
      expect(logged).toEqual(['server component failed']);
    } finally {
      events.close();
      devReload.close();
      server.closeAllConnections();
      server.close();
    }
  });
});
