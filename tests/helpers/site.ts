import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NODE_ENVIRONMENT, NODE_FLAGS } from '../../server/config/memory-settings.ts';
import { openSites } from './open-sites.ts';
import type { Site } from './open-sites.ts';
import { startProcess, waitForLine } from './processes.ts';
import type { ProcessOptions, TrackedProcess } from './processes.ts';

// The real site (the production build in dist/) on a free loopback port: in the test's own process
// (openSite), or as a child process started as `npm start` starts it (startSite) for what only a
// process shows: its exit code, signals, its Node flags, what it writes outside its log, and that it stays up.

export const ROOT = path.resolve(import.meta.dirname, '../..');

export type { Site };

/** A site in a process of its own (it is a Site too). */
export interface RunningSite extends TrackedProcess {
  url: string;
}

/** The settings a test site starts with unless the test sets them: many run side by side and stop fast. */
const TEST_SITE_ENV = {
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  METRICS_PORT: '0',
  DRAIN_DELAY_MS: '0',
  // The stand-ins of a CMS have no rate limit unless a test gives them one (and the site its budget).
  CMS_MAX_REQUESTS_PER_MINUTE: '0',
};

/** A form outbox of the site's own: sites side by side must not deliver (or clean up) each other's reports. */
const ownFormOutbox = () => ({ FORM_OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'site-form-outbox-')) });

/** The site in this process, configured as by the environment `env` (nothing else of the test's own). */
export const openSite = async (env: Record<string, string> = {}): Promise<Site> => {
  // Loaded here: the browser tests, scripts and Playwright's config use this file without the server's code.
  const [{ loadConfig }, { createSite }] = await Promise.all([
    import('../../server/config/config.ts'),
    import('../../server/site.ts'),
  ]);
  const logs: string[] = [];
  const site = await createSite(loadConfig({ ...TEST_SITE_ENV, ...ownFormOutbox(), ...env }), {
    logTo: { write: (chunk: string) => void logs.push(...chunk.split('\n').filter(Boolean)) },
  });
  const opened: Site = {
    url: site.url,
    logs,
    stop: async () => {
      openSites.delete(opened);
      await site.close();
    },
  };
  openSites.add(opened);
  return opened;
};

/**
 * For a site whose pages a test compares or reads without JavaScript: each page is sent whole, in
 * document order. Whether a part behind Suspense is ready within the default 200 ms depends on how busy
 * the machine is, and a part streamed after the shell changes the bytes and stays hidden without
 * JavaScript. Streaming itself is tested with the wait at 0 (payload-and-streaming.test.ts).
 */
export const WHOLE_PAGES = { HTML_IN_ORDER_WAIT_MS: '30000' };

/**
 * `root`: the checkout whose server and build to run (another one in the releases test); `entry`: the
 * server's sources, or its compiled modules as `npm start` and the image run them (the bench, the image);
 * `stdout`: where its log goes (startProcess).
 */
export const spawnSite = (
  env: Record<string, string> = {},
  root = ROOT,
  entry = 'server/main.ts',
  stdout: ProcessOptions['stdout'] = 'file',
): TrackedProcess =>
  startProcess(process.execPath, [...NODE_FLAGS, path.join(root, entry)], {
    name: 'site',
    env: { PATH: process.env.PATH, ...NODE_ENVIRONMENT, ...TEST_SITE_ENV, ...ownFormOutbox(), ...env },
    stdout,
  });

/** The port in the server's "listening on" line (logged once it has warmed up and is ready). */
const listeningPort = (line: string): string | undefined =>
  line.includes('"msg":"listening on') ? /"port":(\d+)/.exec(line)?.[1] : undefined;

export const startSite = async (
  env: Record<string, string> = {},
  root = ROOT,
  entry = 'server/main.ts',
  stdout: ProcessOptions['stdout'] = 'file',
): Promise<RunningSite> => {
  const site = spawnSite(env, root, entry, stdout);
  const port = await waitForLine(site, 'The site', listeningPort, 60_000);
  // The object keeps its `logs` getter: Object.assign only adds the URL.
  return Object.assign(site, { url: `http://127.0.0.1:${port}` });
};

export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
export const GOOGLEBOT_USER_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A GET as a browser sends it, without following redirects. */
export const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { redirect: 'manual', headers: { 'User-Agent': BROWSER_USER_AGENT, ...headers } });

/**
 * Views a page until it comes from the page cache (it carries an ETag then): a first render is kept
 * once it has been sent and compressed. The cached response, its body, and how many views it took.
 */
/** The cookie of a visitor who chose Dutch. */
export const DUTCH = { Cookie: 'i18n_redirected=nl' };

/** A Dutch page of a running site as its text, which must answer 200. */
export const dutchPage = async (site: { url: string }, path: string): Promise<string> => {
  const response = await get(site.url + path, DUTCH);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.text();
};

export const viewUntilCached = async (url: string, headers: Record<string, string> = {}) => {
  // Compressing a page takes milliseconds; the deadline only keeps a broken cache from hanging the test.
  for (let views = 1, deadline = Date.now() + 15_000; Date.now() < deadline; views += 1) {
    const response = await get(url, headers);
    const body = await response.text();
    if (response.headers.get('etag')) return { response, body, views };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} was not kept in the page cache`);
};
