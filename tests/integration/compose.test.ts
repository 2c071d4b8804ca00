import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeProject } from '../helpers/containers/compose.ts';
import type { ComposeProject } from '../helpers/containers/compose.ts';
import { waitForOk } from '../helpers/containers/container.ts';
import { podman } from '../helpers/containers/podman.ts';
import { siteImage } from '../helpers/containers/site-image.ts';
import { caddyStandIn, nodeStandIn, redisStandIn } from '../helpers/containers/stand-in-images.ts';
import { crawl } from '../helpers/crawl.ts';
import { freePort } from '../helpers/free-port.ts';
import { get } from '../helpers/site.ts';
import { editEntry } from '../helpers/edit-entry.ts';

// compose.yaml up for real (podman-compose): Redis, the sample CMS in its image, three
// replicas of the site's image and Caddy in front, with stand-ins of the public base images and free
// host ports as its settings. Down at the end, whatever happened.

const BUILD_TIMEOUT_MS = 25 * 60_000;
const ADMIN_KEY = 'compose-admin-key';
const ARTICLE = { slug: 'register-telt-ruim-14-000-ingeschreven-ontwerpers', path: '/actualiteiten' };
/** The register's rate limit per client and minute, low enough to reach, above what the crawl spends. */
const ARCHITECTS_PER_MINUTE = 30;

let compose: ComposeProject;
let proxy: string;
let content: string;
let replicas: string[];

beforeAll(async () => {
  const [nodeImage, site, sampleCms, redis, caddy] = [
    await nodeStandIn(),
    await siteImage(),
    await siteImage({ target: 'sample-cms' }),
    await redisStandIn(),
    await caddyStandIn(),
  ];
  const [proxyPort, contentPort] = [await freePort(), await freePort()];
  proxy = `http://127.0.0.1:${proxyPort}`;
  content = `http://127.0.0.1:${contentPort}`;
  compose = composeProject({
    NODE_IMAGE: nodeImage,
    SITE_IMAGE: site,
    SAMPLE_CMS_IMAGE: sampleCms,
    REDIS_IMAGE: redis,
    PROXY_IMAGE: caddy,
    PROXY_PORT: String(proxyPort),
    CONTENT_PORT: String(contentPort),
    // A busy machine may hold a CMS or Redis answer past the defaults; a late answer is no fault here.
    CMS_TIMEOUT_MS: '60000',
    REDIS_COMMAND_TIMEOUT_MS: '5000',
    RATE_LIMIT_ARCHITECTS_PER_MINUTE: String(ARCHITECTS_PER_MINUTE),
  });
  await compose.up();
  replicas = await compose.containers('site');
  // Every replica ready, then the proxy passing to them.
  await Promise.all(
    replicas.map((replica) =>
      vi.waitFor(
        async () => {
          const { status } = await compose.fetchInside(replica, 3000, '/readyz');
          if (status !== 200) throw new Error(`${replica}: /readyz answered ${status}`);
        },
        { timeout: 120_000, interval: 500 },
      ),
    ),
  );
  await waitForOk(`${proxy}/readyz`, 60_000);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await compose?.down();
}, 120_000);

describe('compose.yaml, up', () => {
  it('runs three replicas of the site, Redis, the sample CMS and the proxy', async () => {
    expect(replicas).toHaveLength(3);
    for (const service of ['redis', 'content', 'proxy'])
      expect(await compose.containers(service), service).toHaveLength(1);
    // The volume of SHARED_ASSETS_DIR is theirs to write.
    for (const replica of replicas)
      expect((await podman(['logs', replica])).includes('published to the shared assets directory'), replica).toBe(
        true,
      );
  });

  it('answers every page through the proxy', async () => {
    const pages = await crawl(proxy, ['/', '/en']);
    expect(pages.length).toBeGreaterThan(20);
    expect(
      pages.filter((page) => page.status !== 200).map((page) => `${page.status} ${page.path} (from ${page.from})`),
    ).toEqual([]);
  }, 300_000);

  it("searches the register through the sample CMS's register API", async () => {
    const response = await get(`${proxy}/api/architects?searchTerm=vos&perPage=3`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(3);
  });

  it('counts each visitor by the address Caddy sees, whatever X-Forwarded-For the visitor sends', async () => {
    // Two clients on the compose network, each with an address of its own: the sample CMS's container and
    // a replica's. Each asks through the proxy, naming another address in X-Forwarded-For each time.
    const statusesFrom = async (container: string, times: number): Promise<number[]> =>
      JSON.parse(
        await podman([
          'exec',
          container,
          'node',
          '-e',
          `(async () => {
            const statuses = [];
            for (let i = 0; i < ${times}; i += 1) {
              const answer = await fetch('http://proxy/api/architects?searchTerm=vos&perPage=1', {
                headers: { 'X-Forwarded-For': '203.0.113.' + i },
              });
              statuses.push(answer.status);
            }
            process.stdout.write(JSON.stringify(statuses));
          })()`,
        ]),
      ) as number[];
    const [first] = await compose.containers('content');
    // The replicas share the count (Redis), so one client reaches its limit whichever replica answers.
    expect(await statusesFrom(first!, ARCHITECTS_PER_MINUTE + 1)).toEqual([
      ...Array<number>(ARCHITECTS_PER_MINUTE).fill(200),
      429,
    ]);
    // The other client has a count of its own.
    expect(await statusesFrom(replicas[1]!, 2)).toEqual([200, 200]);
  }, 120_000);

  it('shows an edit made in the content service on every replica', async () => {
    const title = `Bewerkt in compose ${Date.now()}`;
    const response = await editEntry(content, ADMIN_KEY, {
      collection: 'actualities',
      slug: ARTICLE.slug,
      fields: { title },
    });
    expect(response.status).toBe(200);
    for (const replica of replicas)
      await expect
        .poll(async () => (await compose.fetchInside(replica, 3000, ARTICLE.path)).body, { timeout: 30_000 })
        .toContain(title);
  }, 120_000);

  it("keeps what Redis holds across its restart (the form outbox's reports must outlive one)", async () => {
    const [redis] = await compose.containers('redis');
    const keys = async () =>
      (
        await podman([
          'exec',
          redis!,
          'redis-cli',
          '--no-auth-warning',
          '--user',
          'website',
          '--pass',
          'compose-redis-password',
          '--scan',
          '--pattern',
          'architectenregister:*',
        ])
      )
        .split('\n')
        .filter(Boolean).length;
    const before = await keys();
    expect(before).toBeGreaterThan(0);
    await podman(['restart', '--time', '10', redis!]);
    await expect.poll(() => keys().catch(() => 0), { timeout: 30_000 }).toBeGreaterThan(0);
  }, 120_000);

  it('goes on answering through the others when a replica stops', async () => {
    await podman(['stop', '--time', '20', replicas[0]!]);
    for (let request = 0; request < 12; request += 1) {
      const response = await get(`${proxy}/over-ons`);
      expect(response.status, `request ${request}`).toBe(200);
    }
  }, 120_000);
});
