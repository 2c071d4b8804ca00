import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver } from '../helpers/otlp-receiver.ts';
import type { ReceivedSpan } from '../helpers/otlp-receiver.ts';
import { PROCESS_DIR } from '../helpers/processes.ts';
import { manifestRedisUser, startRedis } from '../helpers/redis-server.ts';
import type { RunningRedis } from '../helpers/redis-server.ts';
import { entryId } from '../../sample-cms/content/store.ts';
import { BROWSER_USER_AGENT, ROOT, startSite, viewUntilCached } from '../helpers/site.ts';
import type { RunningSite } from '../helpers/site.ts';

// OpenTelemetry traces, sent to a collector's OTLP/HTTP endpoint on a loopback port: a span per request
// named by its route's template, a kept page answered on the fast path in its span, a child span per CMS
// attempt and Redis command, the trace's id in the request's log lines, no secret in any attribute; the
// standard variables (the traces' own endpoint and headers, the resource, the sampler); and with the SDK
// disabled, no part of OpenTelemetry loaded at all.

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
    const [miss] = await receiver.waitFor(serverSpan('/:slug', 'miss'));
    const [hit] = await receiver.waitFor(serverSpan('/:slug', 'hit'));
    expect(miss).toMatchObject({
      name: 'GET /:slug',
      attributes: { 'http.request.method': 'GET', 'http.response.status_code': 200, 'url.path': '/over-ons' },
    });
    expect(hit!.traceId).not.toBe(miss!.traceId);
    expect(miss!.resource).toMatchObject({ 'service.name': 'architectenregister-website' });
    expect(String(miss!.resource['service.version'])).toMatch(/^[0-9a-f]{16}$/);
  });

  it("names one of Express's routes by its pattern, a static folder's file by its folder, and a request no route answered by its method alone", async () => {
    await fetch(`${site.url}/_build/latest.json`);
    await fetch(`${site.url}/api/no-such-api`);
    await fetch(`${site.url}/assets/no-such-file.js`);
    await fetch(`${site.url}/no/such/page/at/all`);
    const spanOf = async (path: string) =>
      (await receiver.waitFor((span) => span.kind === 2 && span.attributes['url.path'] === path))[0]!;
    expect(await spanOf('/_build/latest.json')).toMatchObject({
      name: 'GET /_build/latest.json',
      attributes: { 'http.route': '/_build/latest.json' },
    });
    expect(await spanOf('/api/no-such-api')).toMatchObject({
      name: 'GET /api/{*rest}',
      attributes: { 'http.route': '/api/{*rest}', 'http.response.status_code': 404 },
    });
    // As the metrics name it (server/http/http-route.ts).
    expect(await spanOf('/assets/no-such-file.js')).toMatchObject({
      name: 'GET /assets/{*path}',
      attributes: { 'http.route': '/assets/{*path}', 'http.response.status_code': 404 },
    });
    const madeUp = await spanOf('/no/such/page/at/all');
    expect(madeUp.name).toBe('GET');
    expect(madeUp.attributes['http.route']).toBeUndefined();
  });

  it('answers a kept page on the fast path, in a span of its own that its log line names', async () => {
    await viewUntilCached(`${site.url}/en/about-us`, { 'User-Agent': BROWSER_USER_AGENT });
    // Each request a trace of its own, begun upstream, to tell their spans apart.
    const ask = async (query: string, traceId: string) => {
      const response = await fetch(`${site.url}/en/about-us${query}`, {
        headers: { 'User-Agent': BROWSER_USER_AGENT, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      expect(response.status).toBe(200);
      const [span] = await receiver.waitFor((candidate) => candidate.kind === 2 && candidate.traceId === traceId);
      return { span: span!, requestId: response.headers.get('x-request-id') };
    };
    const fast = await ask('', 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1');
    // A campaign parameter, left out of the cache's key but not taken by the fast path: the same hit, the full way.
    const full = await ask('?utm_source=newsletter', 'b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2');

    expect(fast.span).toMatchObject({
      name: 'GET /en/:slug',
      attributes: {
        'http.route': '/en/:slug',
        'http.response.status_code': 200,
        'app.page_cache': 'hit',
        'app.fast_path': true,
      },
    });
    expect(full.span).toMatchObject({ name: 'GET /en/:slug', attributes: { 'app.page_cache': 'hit' } });
    expect(full.span.attributes['app.fast_path']).toBeUndefined();
    const line = site.logs.find((text) => text.includes(`"id":"${fast.requestId}"`));
    expect(JSON.parse(line!)).toMatchObject({ trace_id: fast.span.traceId, span_id: fast.span.spanId });
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
    const [request] = await receiver.waitFor(serverSpan('/en/:slug/:slug2', 'miss'));
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
    const [cms] = await receiver.waitFor(
      (span) => span.kind === 3 && String(span.attributes['url.full']).includes('token=[redacted]'),
    );
    // Named by the path's template: an entry's id would make every preview a name of its own.
    expect(cms).toMatchObject({
      name: 'GET /api/collections/pages/entries/{id}',
      attributes: { 'url.template': '/api/collections/pages/entries/{id}' },
    });
    const sent = receiver.bodies.join('\n');
    for (const secret of SECRETS) expect(sent).not.toContain(secret);
  });

  it('loads the SDK (so that the check below can fail)', () => {
    expect(modules.read().some((url) => url.includes('/node_modules/@opentelemetry/sdk-trace/'))).toBe(true);
  });
});

describe('with the standard variables: the traces’ own endpoint and headers, the resource, a ratio sampler', () => {
  let general: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let site: RunningSite;

  beforeAll(async () => {
    general = await startOtlpReceiver();
    receiver = await startOtlpReceiver({ path: '/otlp/traces' });
    site = await startSite({
      // The traces' own endpoint is used as it is, ahead of the general one (whose /v1/traces gets nothing).
      OTEL_EXPORTER_OTLP_ENDPOINT: general.url,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/otlp/traces`,
      OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=general-key,x-tenant=architects',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-collector-key=traces-key',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging,service.name=overridden,team=web%2Csite',
      OTEL_SERVICE_NAME: 'website-staging',
      // No trace begun here is sampled; one begun upstream and sampled there is.
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0',
    });
  });
  afterAll(async () => {
    await site?.stop();
    await receiver?.close();
    await general?.close();
  });

  it('samples no trace begun here at ratio 0, and sends a sampled parent’s to its endpoint, headers and resource', async () => {
    for (const path of ['/', '/over-ons', '/actualiteiten', '/zoeken?q=register', '/en/about-us']) {
      expect((await fetch(`${site.url}${path}`, { headers: { 'User-Agent': BROWSER_USER_AGENT } })).status).toBe(200);
    }
    // Begun upstream but not sampled there: left out as well.
    const unsampled = 'c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3';
    await fetch(`${site.url}/over-ons`, { headers: { traceparent: `00-${unsampled}-00f067aa0ba902b7-00` } });
    const sampled = 'd4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4';
    await fetch(`${site.url}/over-ons`, { headers: { traceparent: `00-${sampled}-00f067aa0ba902b7-01` } });

    const [span] = await receiver.waitFor((candidate) => candidate.traceId === sampled && candidate.kind === 2);
    // Spans are sent in the order they ended: any of the requests before would have come first.
    expect(new Set(receiver.spans.map((candidate) => candidate.traceId))).toEqual(new Set([sampled]));
    expect(span!.resource).toMatchObject({
      'service.name': 'website-staging',
      'deployment.environment.name': 'staging',
      team: 'web,site',
    });
    expect(String(span!.resource['service.version'])).toMatch(/^[0-9a-f]{16}$/);
    expect(receiver.requests.map((request) => request.path)).toEqual(receiver.requests.map(() => '/otlp/traces'));
    expect(receiver.requests[0]!.headers).toMatchObject({ 'x-collector-key': 'traces-key', 'x-tenant': 'architects' });
    expect(general.requests).toEqual([]);
    // Only a sampled request's log lines name its trace.
    expect(site.logs.filter((line) => line.includes('trace_id')).every((line) => line.includes(sampled))).toBe(true);
    expect(site.logs.some((line) => line.includes(`"trace_id":"${sampled}"`))).toBe(true);
  });
});

describe('with OTEL_SDK_DISABLED=true, an endpoint set', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let site: RunningSite;
  const modules = recordingModules('off');

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    site = await startSite({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SDK_DISABLED: 'true', ...modules.env });
  });
  afterAll(async () => {
    await site?.stop();
    await receiver?.close();
  });

  it('loads nothing of the OpenTelemetry SDK, sends nothing, writes no trace ids and no error', async () => {
    expect((await fetch(`${site.url}/over-ons`, { headers: { 'User-Agent': BROWSER_USER_AGENT } })).status).toBe(200);
    // The API alone (prom-client's dependency, a no-op without an SDK) may be there.
    expect(
      modules.read().filter((url) => /@opentelemetry\/(?!api\/)|\/server\/tracing\/open-telemetry\.ts$/.test(url)),
    ).toEqual([]);
    expect(site.logs.some((line) => line.includes('trace_id'))).toBe(false);
    expect(site.logs.some((line) => line.includes('"level":"info"'))).toBe(true);
    expect(site.logs.filter((line) => /"level":"(warn|error|fatal)"/.test(line))).toEqual([]);
    // What a running SDK would still hold is sent at the latest when it stops.
    await site.stop();
    expect(receiver.requests).toEqual([]);
  });
});
