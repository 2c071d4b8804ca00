import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver } from '../helpers/otlp-receiver.ts';
import type { ReceivedSpan } from '../helpers/otlp-receiver.ts';
import { PROCESS_DIR } from '../helpers/processes.ts';
import { manifestRedisUser, startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';
import { entryId } from '../../server/content-service/content/store.ts';
import { BROWSER_USER_AGENT, ROOT, startSite, viewUntilCached } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

// OpenTelemetry traces, sent to a collector's OTLP/HTTP endpoint on a loopback port: a span per request,
// a child span per CMS attempt and Redis command, the trace's id in the request's log lines, no secret in
// any attribute; and with no endpoint configured, no part of OpenTelemetry loaded at all.

const CMS_KEY = 'tracing-test-cms-key-0123456789';
const PREVIEW_TOKEN = 'tracing-test-preview-token';
const REDIS_PASSWORD = 'tracing-test-redis-password';
const SIGNING_KEY = 'tracing-test-signing-key-0123456789abcdef';
const SECRETS = [CMS_KEY, PREVIEW_TOKEN, REDIS_PASSWORD, SIGNING_KEY];

/** The modules a process resolved, written by tests/helpers/record-modules.ts. */
const recordingModules = (name: string) => {
  const file = path.join(PROCESS_DIR, `tracing-${process.pid}-${name}-modules.txt`);
  return {
    env: { NODE_OPTIONS: `--import ${path.join(ROOT, 'tests/helpers/record-modules.ts')}`, RECORD_MODULES_FILE: file },
    read: () => readFileSync(file, 'utf8').split('\n').filter(Boolean),
  };
};

describe('with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let redis: RunningRedis;
  let site: RunningSite;
  const modules = recordingModules('on');

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    redis = await startRedis(manifestRedisUser(REDIS_PASSWORD));
    site = await startSite({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      CMS_API_KEY: CMS_KEY,
      CONTENT_PREVIEW_TOKEN: PREVIEW_TOKEN,
      REDIS_URL: redis.url,
      CACHE_SIGNING_KEY: SIGNING_KEY,
      ...modules.env,
    });
  });
  afterAll(async () => {
    await site?.stop();
    await redis?.stop();
    await receiver?.close();
  });

  const serverSpan = (route: string, cache?: string) => (span: ReceivedSpan) =>
    span.kind === 2 &&
    span.attributes['http.route'] === route &&
    (cache === undefined || span.attributes['app.page_cache'] === cache);

  it('sends a span per request, with its route, status and how the page cache answered', async () => {
    // Rendered (a miss) until it is kept, then answered from the cache (a hit).
    await viewUntilCached(`${site.url}/over-ons`, { 'User-Agent': BROWSER_USER_AGENT });
    expect((await fetch(`${site.url}/over-ons`, { headers: { 'User-Agent': BROWSER_USER_AGENT } })).status).toBe(200);
    const [miss] = await receiver.waitFor(serverSpan('slug___nl', 'miss'));
    const [hit] = await receiver.waitFor(serverSpan('slug___nl', 'hit'));
    expect(miss).toMatchObject({
      name: 'GET slug___nl',
      attributes: { 'http.request.method': 'GET', 'http.response.status_code': 200, 'url.path': '/over-ons' },
    });
    expect(hit!.traceId).not.toBe(miss!.traceId);
    expect(miss!.resource).toMatchObject({ 'service.name': 'architectenregister-website' });
    expect(String(miss!.resource['service.version'])).toMatch(/^[0-9a-f]{16}$/);
  });

  it('nests each CMS request and Redis command under the request that made it', async () => {
    // A news item, which nothing has asked the CMS for yet (the warm-up read the lists, not the lookups by slug).
    expect(
      (
        await fetch(`${site.url}/en/news/new-registration-fees-for-2027`, {
          headers: { 'User-Agent': BROWSER_USER_AGENT },
        })
      ).status,
    ).toBe(200);
    const [request] = await receiver.waitFor(serverSpan('slug-slug2___en', 'miss'));
    const children = (await receiver.waitFor((span) => span.parentSpanId === request!.spanId, 2)).filter(
      (span) => span.traceId === request!.traceId,
    );
    const cms = children.filter((span) => span.attributes['http.request.method'] === 'GET' && span.kind === 3);
    const commands = children.filter((span) => span.attributes['db.system.name'] === 'redis');
    expect(cms.length).toBeGreaterThan(0);
    expect(cms[0]!.name).toMatch(/^GET \/api\//);
    expect(cms[0]!.attributes['app.outcome']).toBe('ok');
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.map((span) => span.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^[A-Z]+$/)]));
  });

  it('continues a trace begun upstream (W3C traceparent)', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await fetch(`${site.url}/zoeken?q=register`, {
      headers: { 'User-Agent': BROWSER_USER_AGENT, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    const [span] = await receiver.waitFor((candidate) => candidate.kind === 2 && candidate.traceId === traceId);
    expect(span!.parentSpanId).toBe('00f067aa0ba902b7');
  });

  it("names the request's trace in its log lines, and the level by name", async () => {
    await fetch(`${site.url}/actualiteiten`, { headers: { 'User-Agent': BROWSER_USER_AGENT } });
    const [span] = await receiver.waitFor(
      (candidate) => candidate.kind === 2 && candidate.attributes['url.path'] === '/actualiteiten',
    );
    const line = site.logs
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => (entry.req as { url?: string } | undefined)?.url === '/actualiteiten');
    expect(line).toMatchObject({ level: 'info', trace_id: span!.traceId, span_id: span!.spanId });
  });

  it('sends no key, token or password in any span, a preview included', async () => {
    const preview = await fetch(
      `${site.url}/cms-preview/pages/${entryId('over-ons', 'default')}?token=${PREVIEW_TOKEN}`,
      { headers: { 'User-Agent': BROWSER_USER_AGENT } },
    );
    expect(preview.status).toBe(200);
    await receiver.waitFor(
      (span) => span.kind === 3 && String(span.attributes['url.full']).includes('token=[redacted]'),
    );
    const sent = receiver.bodies.join('\n');
    for (const secret of SECRETS) expect(sent).not.toContain(secret);
  });

  it('loads the SDK (so that the check below can fail)', () => {
    expect(modules.read().some((url) => url.includes('/node_modules/@opentelemetry/sdk-trace/'))).toBe(true);
  });
});

describe('with no endpoint', () => {
  let site: RunningSite;
  const modules = recordingModules('off');

  beforeAll(async () => {
    site = await startSite(modules.env);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('loads nothing of the OpenTelemetry SDK and writes no trace ids', async () => {
    expect((await fetch(`${site.url}/over-ons`, { headers: { 'User-Agent': BROWSER_USER_AGENT } })).status).toBe(200);
    // The API alone (prom-client's dependency, a no-op without an SDK) may be there.
    expect(
      modules.read().filter((url) => /@opentelemetry\/(?!api\/)|\/server\/tracing\/open-telemetry\.ts$/.test(url)),
    ).toEqual([]);
    expect(site.logs.some((line) => line.includes('trace_id'))).toBe(false);
    expect(site.logs.some((line) => line.includes('"level":"info"'))).toBe(true);
  });
});
