import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_REPORT, postReport } from '../helpers/report-post.ts';
import { BROWSER_USER_AGENT, WHOLE_PAGES, openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';
import { TEMPLATE_PATHS } from '../helpers/template-paths.ts';

// Every template's HTML as the server sends it, checked by the W3C's Nu Html Checker (the `vnu-jar`
// package, on Debian's Java): the checker the W3C's validator and public-sector audits use.

// The jar itself: the package's script would fetch a Java of its own where none is found.
const VNU_JAR = fileURLToPath(import.meta.resolve('vnu-jar/build/dist/vnu.jar'));
const JAVA = process.env.JAVA_PATH ?? '/usr/bin/java';

/** Pages besides the templates: the states a visitor meets that the template list leaves out. */
const MORE_PAGES = {
  'not found': '/x/y/z/w',
  'english not found': '/en/no-such-page',
  'report form': '/de-wet/titelmisbruik-melden',
  'report received': '/de-wet/titelmisbruik-melden?status=received',
  'english report form': '/en/the-law/report-title-misuse',
  'architect search without a term': '/vind-een-architect',
  'english architect search': '/en/find-an-architect?searchTerm=jansen',
  'unknown registration': '/vind-een-architect/9.999999.999',
  'english site search without results': '/en/search?q=qqqqqqq',
  'preview without a token': '/cms-preview/pages/d8334c4e-0eec-54c4-abfa-d9492a9880b0',
  'preview of a draft': '/cms-preview/pages/d8334c4e-0eec-54c4-abfa-d9492a9880b0?token=development-preview-token',
} as const;

/**
 * What the checker reports against the standard as it now stands: WHATWG HTML allows `blocking` on a
 * link of type `expect` (the first paint waits for an element), which the checker knows on stylesheets
 * only. Each page's one such link is checked below instead.
 */
const CHECKER_BEHIND_THE_STANDARD = new Set([
  'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.',
]);

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

let site: Site;
let folder: string;

beforeAll(async () => {
  site = await openSite(WHOLE_PAGES);
  folder = await mkdtemp(path.join(tmpdir(), 'html-validity-'));
});
afterAll(async () => {
  await site?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The page as a browser receives it, in a file named after what it is. */
const save = async (name: string, response: Response): Promise<string> => {
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const file = path.join(folder, `${name.replaceAll(/[^a-z0-9]+/gi, '-')}.html`);
  await writeFile(file, await response.text());
  return file;
};

const page = (at: string) => fetch(site.url + at, { headers: { 'User-Agent': BROWSER_USER_AGENT } });

describe('the Nu Html Checker', () => {
  it('finds no error on any template, error page or form state', async () => {
    const files: string[] = [];
    for (const [name, at] of Object.entries({ ...TEMPLATE_PATHS, ...MORE_PAGES }))
      files.push(await save(name, await page(at)));
    files.push(await save('report with errors', await postReport(site.url, REFUSED_REPORT)));

    const checked = spawnSync(JAVA, ['-Xss1m', '-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...files], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(checked.error, `the checker could not run (${JAVA}): install default-jre-headless`).toBeUndefined();
    const { messages } = JSON.parse(checked.stderr) as { messages: VnuMessage[] };
    const errors = messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .filter((message) => !CHECKER_BEHIND_THE_STANDARD.has(message.message))
      .map((message) => `${path.basename(message.url)}:${message.lastLine ?? '?'} ${message.message}`);
    expect(errors).toEqual([]);
    // The element the first paint waits for is on every page, once: without it, the first paint would
    // wait for the end of the stream.
    for (const file of files) {
      const html = await readFile(file, 'utf8');
      const expected = [...html.matchAll(/<link rel="expect" href="#([^"]+)" blocking="render"\/>/g)];
      expect(expected, path.basename(file)).toHaveLength(1);
      expect(html.split(` id="${expected[0]![1]}"`), path.basename(file)).toHaveLength(2);
    }
    // The checker read every page (an unreadable file is an error of its own, so none was skipped).
    expect(files).toHaveLength(Object.keys(TEMPLATE_PATHS).length + Object.keys(MORE_PAGES).length + 1);
  }, 120_000);
});
