import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

// Starts the real server (the production build in dist/) as a child process on a free loopback port.

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningSite {
  url: string;
  child: ChildProcess;
  /** Every line the process wrote to stdout and stderr so far. */
  logs: string[];
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export const spawnSite = (env: Record<string, string> = {}): { child: ChildProcess; logs: string[]; exited: Promise<number | null> } => {
  const child = spawn(process.execPath, [path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    // No metrics port and no drain delay unless a test asks: many sites run side by side, and stop fast.
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', METRICS_PORT: '0', DRAIN_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => logs.push(line));
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, logs, exited };
};

export const startSite = async (env: Record<string, string> = {}): Promise<RunningSite> => {
  const { child, logs, exited } = spawnSite(env);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The site did not start:\n${logs.join('\n')}`)), 30_000);
    const check = setInterval(() => {
      const listening = logs.map((line) => (line.includes('"msg":"listening on') ? /"port":(\d+)/.exec(line) : null)).find(Boolean);
      if (listening) {
        clearInterval(check);
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${listening[1]}`);
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`The site exited with ${code}:\n${logs.join('\n')}`));
    });
  });
  return {
    url,
    child,
    logs,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
};

export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
export const GOOGLEBOT_USER_AGENT =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A GET as a browser sends it, without following redirects. */
export const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { redirect: 'manual', headers: { 'User-Agent': BROWSER_USER_AGENT, ...headers } });

/**
 * Views a page until it comes from the page cache (it carries an ETag then): a first render is kept
 * once it has been sent and compressed. The cached response, its body, and how many views it took.
 */
export const viewUntilCached = async (url: string, headers: Record<string, string> = {}) => {
  for (let views = 1; views <= 40; views += 1) {
    const response = await get(url, headers);
    const body = await response.text();
    if (response.headers.get('etag')) return { response, body, views };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} was not kept in the page cache`);
};
