import type { RequestHandler } from 'express';
import { httpRequestMethod, httpRoute } from '../http/http-route.ts';
import type { Metrics } from './metrics.ts';

// Every answer timed by OpenTelemetry's HTTP semantic conventions: the route as a path template, the same
// as the request's span carries (server/http/http-route.ts), so that a slow series leads to its traces.
// A made-up URL has no route and no label for it: it cannot grow the number of series.

/** Times an answer that went out whole; `route` is null when none answered, `started` from performance.now(). */
export const countAnswer = (
  metrics: Metrics,
  route: string | null,
  method: string | undefined,
  status: number,
  started: number,
): void => {
  const labels = {
    http_request_method: httpRequestMethod(method),
    http_response_status_code: String(status),
    ...(route === null ? {} : { http_route: route }),
  };
  metrics.requestDuration.observe(labels, (performance.now() - started) / 1000);
};

export const requestMetrics =
  (metrics: Metrics): RequestHandler =>
  (req, res, next) => {
    const started = performance.now();
    res.locals.startedAt = started;
    res.on('finish', () => countAnswer(metrics, httpRoute(req, res), req.method, res.statusCode, started));
    next();
  };
