import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.ts';
import { startProcess, waitForLine } from '../processes.ts';
import { asJson } from './engine.ts';
import type { Launch } from './engine.ts';
import { openCollectorProxy } from './collector-proxy.ts';

// WebKitGTK from Debian: its WebDriver (WebKitWebDriver, classic W3C WebDriver over HTTP, spoken with
// fetch) drives its MiniBrowser in an Xvfb display of the suite's own.
//
// Console errors: classic WebDriver has no console events and no script that runs before the page's own
// (and MiniBrowser's setting that writes console messages to stdout is not applied to automation views).
// So the browser reaches the site through a proxy that puts an error collector first in every page's head
// (collector-proxy.ts): every error of the page's JavaScript is collected. What it cannot see
// is the browser's own messages (a failed request), which the other two engines report.

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const XVFB_PATH = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

/** The ID a W3C WebDriver gives a found element under. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/**
 * MiniBrowser's window cannot be narrower than its toolbar (about 450 px in the default theme): a GTK style
 * sheet of the suite's own shrinks the toolbar, so the window, and the page, can be 390 px wide.
 */
const SMALL_TOOLBAR = '* { font-size: 1px; min-width: 0; min-height: 0; padding: 0; margin: 0; }\n';

interface Answer<T> {
  value: T | { error: string; message: string };
}

export const launchWebKit: Launch = async (siteUrl) => {
  const home = mkdtempSync(path.join(tmpdir(), 'engines-webkit-'));
  mkdirSync(path.join(home, 'gtk-3.0'));
  writeFileSync(path.join(home, 'gtk-3.0', 'gtk.css'), SMALL_TOOLBAR);
  // -displayfd: Xvfb picks a free display and writes its number.
  const display = startProcess(XVFB_PATH, ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    name: 'xvfb',
  });
  const displayNumber = await waitForLine(display, 'Xvfb', (line) => /^(\d+)$/.exec(line.trim())?.[1]);
  const port = await freePort();
  const driver = startProcess(WEBKIT_DRIVER_PATH, [`--port=${port}`], {
    name: 'webkit-driver',
    env: { ...process.env, DISPLAY: `:${displayNumber}`, XDG_CONFIG_HOME: home },
  });
  const driverUrl = `http://127.0.0.1:${port}`;

  const call = async <T>(method: string, route: string, body?: object): Promise<T> => {
    const response = await fetch(driverUrl + route, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : null,
    });
    const { value } = (await response.json()) as Answer<T>;
    if (!response.ok) {
      const { error, message } = value as { error: string; message: string };
      throw new Error(`${method} ${route}: ${error}: ${message}`);
    }
    return value as T;
  };
  // The driver answers once it listens.
  for (let tries = 0; ; tries += 1) {
    try {
      await call('GET', '/status');
      break;
    } catch (error) {
      if (tries > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const session = await call<{ sessionId: string; capabilities: { browserVersion: string } }>('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        'webkitgtk:browserOptions': { args: ['--automation'] },
      },
    },
  });
  const at = `/session/${session.sessionId}`;
  const proxy = await openCollectorProxy(siteUrl);

  const run = async <T>(body: string): Promise<T> =>
    JSON.parse(await call<string>('POST', `${at}/execute/sync`, { script: asJson(body), args: [] })) as T;

  return {
    version: `WebKitGTK ${session.capabilities.browserVersion}`,
    url: proxy.url,
    load: async (url) => {
      await call('POST', `${at}/url`, { url });
    },
    resize: async (width, height) => {
      await call('POST', `${at}/window/rect`, { width, height });
    },
    run,
    type: async (selector, text) => {
      const element = await call<Record<string, string>>('POST', `${at}/element`, {
        using: 'css selector',
        value: selector,
      });
      await call('POST', `${at}/element/${element[ELEMENT]}/value`, { text });
    },
    takeErrors: () =>
      run<string[]>(`
        const errors = window.__engineErrors;
        if (!errors) return ['a page without the error collector'];
        return errors.splice(0);`),
    close: async () => {
      await call('DELETE', at).catch(() => undefined);
      await proxy.close();
      await driver.stop('SIGTERM', 10_000);
      await display.stop('SIGTERM', 10_000);
      rmSync(home, { recursive: true, force: true });
    },
  };
};
