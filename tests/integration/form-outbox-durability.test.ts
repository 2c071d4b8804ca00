import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startContentService } from '../../sample-cms/service.ts';
import type { ContentService } from '../../sample-cms/service.ts';
import { startCmsProxy } from '../helpers/cms-proxy.ts';
import type { CmsProxy } from '../helpers/cms-proxy.ts';
import { readYaml } from '../helpers/kubernetes-manifests.ts';
import { confirmationAt } from '../helpers/report-confirmation.ts';
import { REPORT_PAGE as PAGE, postReport } from '../helpers/report-post.ts';
import { startSentinelGroup } from '../helpers/redis-sentinels.ts';
import type { SentinelGroup } from '../helpers/redis-sentinels.ts';
import { manifestRedisUser } from '../helpers/redis-server.ts';
import { openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';

// "Saved" means safe. The shipped Redis configurations fsync the append-only file before answering a
// write; with Sentinel, a report is called saved only once a replica has it too (WAIT), so that a
// failover loses none: a primary and its replica and three sentinels (real processes on loopback),
// the site's ACL user as deployed, and the CMS's form route down.

const CMS_KEY = 'durability-test-cms-key';
const REDIS_PASSWORD = 'durability-test-redis-password';
const PENDING = 'architectenregister:forms:pending';

describe('the shipped Redis configurations', () => {
  /** The redis-server arguments of compose.yaml and of the Kubernetes manifest. */
  const shipped: [string, string[]][] = [
    ['compose.yaml', readYaml('compose.yaml')[0]!.services.redis.command as string[]],
    [
      'deploy/kubernetes/base/redis.yaml',
      readYaml('deploy/kubernetes/base/redis.yaml').find((doc) => doc.kind === 'Deployment')!.spec.template.spec
        .containers[0].args as string[],
    ],
  ];
  it.each(shipped)('%s keeps an append-only file fsynced before each write is answered', (_file, args) => {
    const setting = (name: string) => args[args.indexOf(`--${name}`) + 1];
    expect(setting('appendonly')).toBe('yes');
    expect(setting('appendfsync')).toBe('always');
  });
});

describe('with Sentinel', () => {
  let group: SentinelGroup;
  let service: ContentService;
  let proxy: CmsProxy;
  let site: Site;
  let replica: Redis;

  beforeAll(async () => {
    const user = manifestRedisUser(REDIS_PASSWORD);
    group = await startSentinelGroup(user, { downAfterMs: 2000, failoverTimeoutMs: 5000 });
    service = await startContentService({ apiKey: CMS_KEY, previewToken: 'durability-preview-token' });
    proxy = await startCmsProxy(service.url);
    proxy.failing = { match: /^\/!\/forms\//, status: 503 };
    site = await openSite({
      CMS_API_URL: proxy.apiUrl,
      CMS_API_KEY: CMS_KEY,
      CMS_URL: service.url,
      REDIS_URL: `redis://${user.name}:${REDIS_PASSWORD}@${group.master}`,
      REDIS_SENTINELS: group.addresses,
      REDIS_SENTINEL_MASTER: group.master,
      REDIS_SENTINEL_PASSWORD: group.password,
      CACHE_SIGNING_KEY: 'a-signing-key-the-replicas-share-0123456789',
      // WAIT waits half of it for a replica (a busy machine's replica may take a second to answer).
      REDIS_COMMAND_TIMEOUT_MS: '6000',
      RATE_LIMIT_FORMS_PER_HOUR: '0',
    });
    await vi.waitFor(() => expect(site.logs.some((line) => line.includes('Redis connected'))).toBe(true), {
      timeout: 15_000,
    });
    // The replica has caught up with the master before the first report: WAIT counts it from then on.
    const master = new Redis({
      port: group.primary.port,
      username: group.admin.name,
      password: group.admin.password,
      maxRetriesPerRequest: 0,
    });
    await vi.waitFor(async () => expect(await master.info('replication')).toMatch(/slave0:.*state=online/), {
      timeout: 30_000,
    });
    master.disconnect();
    replica = new Redis({
      port: group.replica.port,
      username: group.admin.name,
      password: group.admin.password,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
    });
  }, 120_000);
  afterAll(async () => {
    replica?.disconnect();
    await site?.stop();
    await proxy?.close();
    await service?.close();
    await group?.stop();
  });

  const post = (name: string) =>
    postReport(site.url, {
      form: 'title_misuse',
      subject_kind: 'person',
      subject_name: name,
      title_used: 'architect',
      location: 'https://example.nl',
      details: 'Noemt zich architect.',
    });

  it('says "saved" once the replica has the report too, and 503 while no replica can take it', async () => {
    const saved = await post('Op beide');
    expect(saved.headers.get('location')).toMatch(confirmationAt(PAGE, 'saved'));
    await replica.connect();
    // At the answer, not some time after it.
    expect(await replica.hlen(PENDING)).toBe(1);
    replica.disconnect();

    await group.replica.stop();
    const alone = await post('Alleen op de primaire');
    expect(alone.status).toBe(503);
    const html = await alone.text();
    expect(html).toContain('value="Alleen op de primaire"');
    expect(html).toContain('name="submission"');
    expect(site.logs.some((line) => line.includes('no Redis replica acknowledged the form submission'))).toBe(true);

    // The replica back (it syncs from the primary): saved again.
    await group.replica.start();
    await vi.waitFor(
      async () => expect((await post('Weer op beide')).headers.get('location')).toMatch(confirmationAt(PAGE, 'saved')),
      { timeout: 60_000, interval: 500 },
    );
  }, 120_000);
});
