import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContainer } from '../helpers/containers/container.ts';
import type { Container } from '../helpers/containers/container.ts';
import { podman } from '../helpers/containers/podman.ts';
import { debianNodejsNpm } from '../helpers/containers/stand-in-images.ts';
import { checkoutFiles, copyCheckoutFiles } from '../helpers/checkout-files.ts';
import { freePort } from '../helpers/free-port.ts';
import { ROOT, get } from '../helpers/site.ts';

// The README's front door, as its reader meets it: a fresh Debian 12 with `apt-get install nodejs npm`
// (Node 18, npm 9), a clean checkout, and the README's own command. npm fetches the packages (Node 24
// among them) from the registry, as on the reader's machine; the container reaches it as this machine
// does, with its CA bundle.

const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';
const START_TIMEOUT_MS = 20 * 60_000;

let checkout: string;
let image: string;
let container: Container;
let url: string;

/** The one command of the README's "Run it" section. */
const readmeCommand = async (): Promise<string> => {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Run it'), readme.indexOf('\n## ', readme.indexOf('## Run it') + 1));
  const command = /```sh\n(.+)\n```/.exec(section)?.[1];
  if (!command) throw new Error('README.md: no command in "Run it"');
  return command;
};

/** Polls until the site is ready; fails at once, with the container's last output, if it stopped. */
const waitForSite = async () => {
  for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline;) {
    if ((await podman(['inspect', '--format', '{{.State.Running}}', container.name])).trim() !== 'true') {
      const { stdout, stderr } = await container.output();
      throw new Error(`The container stopped:\n${(stdout + stderr).slice(-4000)}`);
    }
    if (
      await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${url}/readyz did not answer 200 within ${START_TIMEOUT_MS / 60_000} minutes`);
};

beforeAll(
  async () => {
    image = await debianNodejsNpm();
    // A clean checkout: what git holds, without node_modules/ or dist/.
    checkout = await mkdtemp(path.join(tmpdir(), 'fresh-checkout-'));
    await copyCheckoutFiles(checkoutFiles(), checkout);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    container = await startContainer(
      image,
      [
        '--pull=never',
        `--volume=${checkout}:/checkout:ro`,
        `--volume=${CA_BUNDLE}:${CA_BUNDLE}:ro`,
        `--env=NODE_EXTRA_CA_CERTS=${CA_BUNDLE}`,
        `--publish=127.0.0.1:${port}:3000`,
      ],
      [
        'bash',
        '-c',
        `node --version && npm --version && cp -a /checkout /site && cd /site && ${await readmeCommand()}`,
      ],
    );
    await waitForSite();
  },
  START_TIMEOUT_MS + 5 * 60_000,
);

afterAll(async () => {
  await container?.remove();
  if (checkout) await rm(checkout, { recursive: true, force: true });
});

describe("the README's command on a fresh Debian 12", () => {
  it('runs with the Node and npm that `apt-get install nodejs npm` gives', async () => {
    const [node, npm] = (await container.output()).stdout.split('\n');
    expect(node).toMatch(/^v18\./);
    expect(npm).toMatch(/^9\./);
    expect(await podman(['exec', container.name, 'sh', '-c', 'cd /site && node_modules/.bin/node --version'])).toMatch(
      /^v24\./,
    );
  });

  it('serves the site on the sample content', async () => {
    for (const page of ['/', '/en']) expect((await get(`${url}${page}`)).status, page).toBe(200);
    expect((await get(`${url}/x/y/z/w`)).status).toBe(404);
    const architects = await get(`${url}/api/architects?searchTerm=vos&perPage=3`);
    expect(((await architects.json()) as { data: unknown[] }).data).toHaveLength(3);
  });
});
