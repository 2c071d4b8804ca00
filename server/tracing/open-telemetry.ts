import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import type { Attributes, Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  detectResources,
  resourceAttributesEnvDetector,
  resourceFromAttributes,
  serviceNameEnvDetector,
} from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import type { Sampler } from '@opentelemetry/sdk-trace';
import type { Redis } from 'ioredis';
import { redactToken } from '../../src/common/get-json.ts';
import { routeTemplate } from '../../src/common/routes.ts';
import { httpRequestMethod, httpRoute } from '../http/http-route.ts';
import type { Tracing, TracingSettings } from './types.ts';

// OpenTelemetry, loaded only when a collector is configured. Spans are made by hand at the three places
// that matter (the request, each CMS attempt, each Redis command) rather than by patching modules: the
// CMS client runs inside the RSC bundle, where module patching cannot reach, and nothing else is worth a
// span. Attributes name routes, statuses and command names, never a header, a key, a token or a value.
// The exporter reads its endpoint, headers, timeout and certificates from the OTEL_EXPORTER_OTLP_*
// variables itself, and the resource OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME.

const DEFAULT_SERVICE_NAME = 'architectenregister-website';

const samplerOf = ({ root, parentBased, ratio }: TracingSettings['sampler']): Sampler => {
  const own =
    root === 'always_on'
      ? new AlwaysOnSampler()
      : root === 'always_off'
        ? new AlwaysOffSampler()
        : new TraceIdRatioBasedSampler(ratio);
  return parentBased ? new ParentBasedSampler({ root: own }) : own;
};

/**
 * A CMS request's path as a template, for a span name that stays one of few: an entry asked by its id
 * (Statamic's `/collections/{collection}/entries/{id}`) is the one path with an open-ended part; the
 * collections, globals, navigations and taxonomies in the others are the site's own few handles.
 */
const cmsUrlTemplate = (pathname: string): string =>
  pathname.replace(/(\/collections\/[^/]+\/entries\/)[^/]+$/, '$1{id}');

export const startOpenTelemetry = ({ sampler }: TracingSettings, serviceVersion: string): Tracing => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': DEFAULT_SERVICE_NAME, 'service.version': serviceVersion }).merge(
      detectResources({ detectors: [resourceAttributesEnvDetector, serviceNameEnvDetector] }),
    ),
    sampler: samplerOf(sampler),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  trace.setGlobalTracerProvider(provider);
  const tracer = provider.getTracer('architectenregister-website');

  /**
   * Runs `answer` inside a server span named by the HTTP semantic conventions (`GET /:slug`), which
   * `finish` describes once the response is done: it returns the route's template, if one answered.
   */
  const serve = (
    req: IncomingMessage,
    res: ServerResponse,
    attributes: Attributes,
    finish: (span: Span) => string | null,
    answer: () => void,
  ) => {
    // A trace begun upstream (a load balancer, a CDN) goes on here.
    const parent = propagation.extract(context.active(), req.headers);
    const method = httpRequestMethod(req.method);
    const nameStart = method === '_OTHER' ? 'HTTP' : method;
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const span = tracer.startSpan(
      nameStart,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          ...(method === '_OTHER' ? { 'http.request.method_original': req.method } : {}),
          'url.path': queryStart === -1 ? url : url.slice(0, queryStart),
          'url.scheme': 'encrypted' in req.socket ? 'https' : 'http',
          'network.protocol.version': req.httpVersion,
          ...attributes,
        },
      },
      parent,
    );
    // A request the sampler left out has nothing to describe.
    if (span.isRecording()) {
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        const route = finish(span);
        if (route !== null) {
          span.updateName(`${nameStart} ${route}`);
          span.setAttribute('http.route', route);
        }
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) {
          span.setAttribute('error.type', String(res.statusCode));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
      };
      res.once('finish', end);
      res.once('close', end);
    }
    context.with(trace.setSpan(parent, span), answer);
  };

  return {
    requests: (req, res, next) =>
      serve(
        req,
        res,
        {},
        (span) => {
          // How the page cache answered (`hit`, `stale`, `shared_hit`, `miss`), told by the page handler.
          const outcome: unknown = res.locals.cacheOutcome;
          if (typeof outcome === 'string') span.setAttribute('app.page_cache', outcome);
          return httpRoute(req, res);
        },
        next,
      ),
    cacheHit: (req, res, routeName, answer) =>
      serve(
        req,
        res,
        { 'app.page_cache': 'hit', 'app.fast_path': true },
        () => (routeName === null ? null : routeTemplate(routeName)),
        answer,
      ),
    logFields: (): Record<string, string> => {
      // Only a sampled trace reaches the collector: a line names no trace that cannot be found.
      const active = trace.getActiveSpan()?.spanContext();
      if (!active || !(active.traceFlags & TraceFlags.SAMPLED)) return {};
      return { trace_id: active.traceId, span_id: active.spanId };
    },
    cmsRequest: (outcome, seconds, url) => {
      const endTime = Date.now();
      const { pathname, hostname, port, protocol } = new URL(url);
      const template = cmsUrlTemplate(pathname);
      const span = tracer.startSpan(`GET ${template}`, {
        kind: SpanKind.CLIENT,
        startTime: endTime - seconds * 1000,
        attributes: {
          'http.request.method': 'GET',
          'url.full': redactToken(url),
          'url.template': template,
          'server.address': hostname,
          'server.port': Number(port || (protocol === 'https:' ? 443 : 80)),
          'app.outcome': outcome,
        },
      });
      if (outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR });
      span.end(endTime);
    },
    traceRedis: (client: Redis, host: string) => {
      const send = client.sendCommand.bind(client);
      client.sendCommand = (command, stream) => {
        const name = command.name.toUpperCase();
        // The command's name only: its arguments are cache keys and signed pages.
        const span = tracer.startSpan(name, {
          kind: SpanKind.CLIENT,
          attributes: { 'db.system.name': 'redis', 'db.operation.name': name, 'server.address': host },
        });
        const result = send(command, stream);
        command.promise.then(
          () => span.end(),
          (error: unknown) => {
            span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
            span.end();
          },
        );
        return result;
      };
    },
    shutdown: () => provider.shutdown(),
  };
};
