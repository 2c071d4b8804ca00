import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A collector's OTLP/HTTP trace endpoint on a loopback port: takes what an exporter posts to `path`
// (JSON encoding; /v1/traces unless told) and keeps the spans, flattened, for a test to read, and the
// path and headers of every request that came, to any path.

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** The resource's attributes (service.name, service.version). */
  resource: Record<string, string | number | boolean>;
}

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
}
interface OtlpBody {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
}

const flatten = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ??
        (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue ?? '')),
    ]),
  );

export const startOtlpReceiver = async ({ path = '/v1/traces' }: { path?: string } = {}) => {
  const spans: ReceivedSpan[] = [];
  /** Every body as it came, to search for what must never be sent. */
  const bodies: string[] = [];
  const requests: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (req.method !== 'POST' || req.url !== path) {
        res.writeHead(404).end();
        return;
      }
      bodies.push(text);
      const body = JSON.parse(text) as OtlpBody;
      for (const { resource, scopeSpans = [] } of body.resourceSpans ?? []) {
        for (const { spans: received = [] } of scopeSpans) {
          for (const span of received) {
            spans.push({
              ...span,
              parentSpanId: span.parentSpanId || undefined,
              attributes: flatten(span.attributes),
              resource: flatten(resource?.attributes),
            });
          }
        }
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    bodies,
    requests,
    /** Waits for spans that `match` finds (the exporter sends in batches, every few seconds). */
    async waitFor(match: (span: ReceivedSpan) => boolean, count = 1): Promise<ReceivedSpan[]> {
      for (
        const deadline = Date.now() + 30_000;
        Date.now() < deadline;
        await new Promise((resolve) => setTimeout(resolve, 100))
      ) {
        const found = spans.filter(match);
        if (found.length >= count) return found;
      }
      throw new Error(`No span matched within 30 s; received: ${spans.map((span) => span.name).join(', ')}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
