import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { redactToken } from '../../src/render/contract.ts';
import type { Tracing, TracingSettings } from './types.ts';

// OpenTelemetry, loaded only when a collector is configured. Spans are made by hand at the three places
// that matter (the request, each CMS attempt, each Redis command) rather than by patching modules: the
// CMS client runs inside the RSC bundle, where module patching cannot reach, and nothing else is worth a
// span. Attributes name routes, statuses and command names, never a header, a key, a token or a value.

/** The path pattern of the Express route that answered (typed `any` by Express), if one did. */
const routePath = (route: unknown): string | null => {
  const path = (route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path : null;
};

export const startOpenTelemetry = ({ endpoint, serviceName }: TracingSettings, serviceVersion: string): Tracing => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName, 'service.version': serviceVersion }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }) })],
  });
  trace.setGlobalTracerProvider(provider);
  const tracer = provider.getTracer('architectenregister-website');

  const endRequest = (span: Span, res: Response, routeOf: () => string) => {
    const route = routeOf();
    span.updateName(`${res.req.method} ${route}`);
    span.setAttribute('http.route', route);
    span.setAttribute('http.response.status_code', res.statusCode);
    // How the page cache answered (`hit`, `stale`, `shared_hit`, `miss`), told by the page handler.
    const outcome: unknown = res.locals.cacheOutcome;
    if (typeof outcome === 'string') span.setAttribute('app.page_cache', outcome);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };

  return {
    requests: (req, res, next) => {
      // A trace begun upstream (a load balancer, a CDN) goes on here.
      const parent = propagation.extract(context.active(), req.headers);
      const span = tracer.startSpan(
        req.method,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': req.path } },
        parent,
      );
      const routeOf = () =>
        typeof res.locals.routeName === 'string' ? res.locals.routeName : (routePath(req.route) ?? 'other');
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        endRequest(span, res, routeOf);
      };
      res.once('finish', end);
      res.once('close', end);
      context.with(trace.setSpan(parent, span), next);
    },
    logFields: (): Record<string, string> => {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    cmsRequest: (outcome, seconds, url) => {
      const endTime = Date.now();
      const { pathname, host } = new URL(url);
      const span = tracer.startSpan(`GET ${pathname}`, {
        kind: SpanKind.CLIENT,
        startTime: endTime - seconds * 1000,
        attributes: {
          'http.request.method': 'GET',
          'url.full': redactToken(url),
          'server.address': host,
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
