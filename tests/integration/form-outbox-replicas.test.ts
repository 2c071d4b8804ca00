import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContentService } from '../../sample-cms/service.ts';
import { confirmationAt, referenceIn } from '../helpers/report-confirmation.ts';
import { REPORT_PAGE as PAGE, postReport, submissionsOf } from '../helpers/report-post.ts';
import type { CmsProxy } from '../helpers/cms-proxy.ts';
import type { RunningSite } from '../helpers/site.ts';
import { startFleetWithCms } from '../helpers/site-with-cms.ts';
import type { FleetWithCms } from '../helpers/site-with-cms.ts';

// Three replicas of the site sharing one outbox in a real redis-server, the sample CMS behind a proxy
// as their CMS. Its form route first answers 503, so that 60 reports are kept; then it is slow (0.6 s
// of the 1.5 s timeout: a round of 20 outlasts the 9.5 s a claim used to hold) and flapping; mid-round
// one replica is killed with SIGKILL while its delivery waits at the proxy (it never reaches the CMS; a
// post the site gave up on while it waited there does not either). Each report must reach the CMS
// exactly once, and none be lost.

const ADMIN_KEY = 'outbox-replicas-admin-key';
const PREFIX = 'architectenregister:';
const FORM_ROUTE = /^\/!\/forms\//;
const REPORTS = 60;
const CMS_TIMEOUT_MS = 1500;

let fleet: FleetWithCms | undefined;
let client: Redis;
let service: ContentService;
let proxy: CmsProxy;
let sites: RunningSite[];

beforeAll(async () => {
  fleet = await startFleetWithCms({
    content: { adminKey: ADMIN_KEY },
    env: {
      CMS_TIMEOUT_MS: String(CMS_TIMEOUT_MS),
      // Rounds every 100 ms; a claim holds 3 s unless renewed (every second), so the killed replica's run out soon.
      FORM_RETRY_INTERVAL_MS: '100',
      FORM_OUTBOX_CLAIM_MS: '3000',
      // Every post of the test comes from one address.
      RATE_LIMIT_FORMS_PER_HOUR: '0',
    },
  });
  ({ sites, proxy, content: service } = fleet);
  client = new Redis(fleet.redis.url);
}, 120_000);
afterAll(async () => {
  client?.disconnect();
  await fleet?.stop();
});

/** The keys matching `pattern`, by SCAN: the site's ACL user may not run KEYS. */
const keysLike = async (pattern: string) => {
  const found: string[] = [];
  for await (const batch of client.scanStream({ match: pattern, count: 1000 })) found.push(...(batch as string[]));
  return found;
};

const post = (site: RunningSite, name: string) =>
  postReport(site.url, {
    form: 'title_misuse',
    subject_kind: 'bureau',
    subject_name: name,
    title_used: 'architect',
    location: 'https://example.nl',
    details: 'Noemt zich architect zonder inschrijving.',
  });

/** The reports the CMS has. */
const submitted = () => submissionsOf(service.url, ADMIN_KEY);

/** How often each report reached the CMS, by its name. */
const reached = async () => {
  const counts = new Map<string, number>();
  for (const report of await submitted()) counts.set(report.subject_name, (counts.get(report.subject_name) ?? 0) + 1);
  return counts;
};

/** Form posts at the proxy still waiting for their answer: at most one a replica, which delivers one at a time. */
const inFlight = () => proxy.requests.filter((request) => FORM_ROUTE.test(request.url) && request.endedAt === null);

describe('the outbox shared by three replicas', () => {
  it('delivers each of 60 reports exactly once through a failing, slow, flapping CMS and a replica killed mid-round', async () => {
    proxy.failing = { match: FORM_ROUTE, status: 503 };
    const names = Array.from({ length: REPORTS }, (_, index) => `Bureau ${String(index + 1).padStart(2, '0')}`);
    /** The reference each reporter was given, by the report's name. */
    const told = new Map<string, string | null>();
    for (let start = 0; start < REPORTS; start += 6) {
      const batch = names.slice(start, start + 6);
      const answers = await Promise.all(batch.map((name, index) => post(sites[(start + index) % 3]!, name)));
      const locations = answers.map((answer) => answer.headers.get('location'));
      expect(locations).toEqual(answers.map(() => expect.stringMatching(confirmationAt(PAGE, 'saved'))));
      batch.forEach((name, index) => told.set(name, referenceIn(locations[index]!)));
    }
    expect(new Set(told.values()).size).toBe(REPORTS);
    expect(await client.hlen(`${PREFIX}forms:pending`)).toBe(REPORTS);

    // Slow, and flapping between taking reports and refusing them, as slowly: each round of 20 lasts 12 s.
    proxy.slower = { match: FORM_ROUTE, latencyMs: 600 };
    const flapping = setInterval(() => {
      proxy.failing = proxy.failing ? null : { match: FORM_ROUTE, status: 503, latencyMs: 600 };
    }, 400);
    try {
      await vi.waitFor(async () => expect((await reached()).size).toBeGreaterThanOrEqual(10), {
        timeout: 60_000,
        interval: 200,
      });
      // Mid-round: every replica has a delivery waiting at the proxy; the first one's never gets through.
      const release = proxy.hold(FORM_ROUTE);
      await vi.waitFor(() => expect(inFlight().length).toBe(3), { timeout: 30_000, interval: 20 });
      const [victim] = sites as [RunningSite];
      expect(await victim.stop('SIGKILL')).toBeNull();
      release();

      await vi.waitFor(async () => expect((await reached()).size).toBe(REPORTS), { timeout: 120_000, interval: 250 });
      await vi.waitFor(
        async () => {
          expect(await client.hlen(`${PREFIX}forms:pending`)).toBe(0);
          expect(await keysLike(`${PREFIX}forms:claim:*`)).toEqual([]);
        },
        { timeout: 30_000, interval: 100 },
      );
    } finally {
      clearInterval(flapping);
    }
    // Nothing left to arrive late: no delivery is under way.
    await vi.waitFor(() => expect(inFlight()).toEqual([]), { timeout: 10_000, interval: 50 });
    const counts = await reached();
    expect([...counts.keys()].sort()).toEqual(names);
    expect([...counts.entries()].filter(([, times]) => times !== 1)).toEqual([]);
    // Each reached the CMS with the reference its reporter was given, to be found by it.
    expect(new Map((await submitted()).map((report) => [report.subject_name, report.reference]))).toEqual(told);
    expect(await client.hlen(`${PREFIX}forms:set-aside`)).toBe(0);
    for (const site of sites.slice(1))
      expect(site.logs.filter((line) => line.includes('may reach the CMS twice'))).toEqual([]);
  }, 300_000);
});
