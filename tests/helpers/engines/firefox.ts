import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProcess, waitForLine } from '../processes.ts';
import { asJson } from './engine.ts';
import type { Launch } from './engine.ts';

// Firefox ESR from Debian, driven over WebDriver BiDi on its own WebSocket (Node's global WebSocket):
// a handful of commands, no client library. BiDi reports every console error and uncaught error of the
// page as a `log.entryAdded` event from the very start of each document.

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** A quiet profile: no first-run pages, updates, telemetry or remote settings on a machine without a network. */
const PREFERENCES = {
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.page': 0,
  'browser.startup.homepage_override.mstone': 'ignore',
  'app.update.disabledForTesting': true,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'app.normandy.enabled': false,
  'services.settings.server': 'http://127.0.0.1:9/',
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'extensions.update.enabled': false,
  'browser.safebrowsing.update.enabled': false,
};

interface Answer {
  id?: number;
  type: 'success' | 'error' | 'event';
  method?: string;
  params?: { level?: string; text?: string | null };
  result?: unknown;
  error?: string;
  message?: string;
}

interface Evaluated {
  type: 'success' | 'exception';
  result?: { value?: string };
  exceptionDetails?: { text: string };
}

export const launchFirefox: Launch = async (siteUrl) => {
  const profile = mkdtempSync(path.join(tmpdir(), 'engines-firefox-'));
  writeFileSync(
    path.join(profile, 'user.js'),
    Object.entries(PREFERENCES)
      .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`)
      .join(''),
  );
  const browser = startProcess(
    FIREFOX_PATH,
    ['--headless', '--remote-debugging-port=0', '--no-remote', '--profile', profile, 'about:blank'],
    { name: 'firefox' },
  );
  const address = await waitForLine(
    browser,
    'Firefox',
    (line) => /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(line)?.[1],
    60_000,
  );
  const socket = new WebSocket(`${address}/session`);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });

  const waiting = new Map<number, (answer: Answer) => void>();
  let errors: string[] = [];
  socket.addEventListener('message', (event: MessageEvent<string>) => {
    const answer = JSON.parse(event.data) as Answer;
    if (answer.id !== undefined) waiting.get(answer.id)?.(answer);
    else if (answer.method === 'log.entryAdded' && answer.params?.level === 'error') {
      errors.push(answer.params.text ?? '(an error without text)');
    }
  });
  let lastId = 0;
  const send = async <T>(method: string, params: object): Promise<T> => {
    const id = (lastId += 1);
    const answer = await new Promise<Answer>((resolve) => {
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
    waiting.delete(id);
    if (answer.type === 'error') throw new Error(`${method}: ${answer.error}: ${answer.message}`);
    return answer.result as T;
  };

  const session = await send<{ capabilities: { browserName: string; browserVersion: string } }>('session.new', {
    capabilities: {},
  });
  await send('session.subscribe', { events: ['log.entryAdded'] });
  const tree = await send<{ contexts: { context: string }[] }>('browsingContext.getTree', {});
  const context = tree.contexts[0]!.context;

  return {
    version: `Firefox ${session.capabilities.browserVersion}`,
    url: siteUrl,
    load: async (url) => {
      await send('browsingContext.navigate', { context, url, wait: 'interactive' });
    },
    resize: async (width, height) => {
      await send('browsingContext.setViewport', { context, viewport: { width, height } });
    },
    run: async <T>(body: string) => {
      const evaluated = await send<Evaluated>('script.callFunction', {
        functionDeclaration: `function () { ${asJson(body)} }`,
        target: { context },
        awaitPromise: true,
      });
      if (evaluated.type === 'exception') throw new Error(evaluated.exceptionDetails?.text);
      return JSON.parse(evaluated.result?.value ?? 'null') as T;
    },
    type: async (selector, text) => {
      await send('script.callFunction', {
        functionDeclaration: `function () { document.querySelector(${JSON.stringify(selector)}).focus(); }`,
        target: { context },
        awaitPromise: false,
      });
      const keys = [...text].flatMap((value) => [
        { type: 'keyDown', value },
        { type: 'keyUp', value },
      ]);
      await send('input.performActions', { context, actions: [{ type: 'key', id: 'keyboard', actions: keys }] });
    },
    takeErrors: async () => {
      const taken = errors;
      errors = [];
      return taken;
    },
    close: async () => {
      await send('session.end', {}).catch(() => undefined);
      socket.close();
      await browser.stop('SIGTERM', 10_000);
      rmSync(profile, { recursive: true, force: true });
    },
  };
};
