import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerRegisterApi } from '../../sample-cms/http/register-api.ts';
import { createSampleRegister } from '../../sample-cms/register/search.ts';
import type { Architect } from '../../src/common/register-types.ts';

// The sample CMS's register API (the contract of docs/register-api.md over the sample register), with
// faults a test switches on.

export type RegisterFault =
  | { kind: 'none' }
  | { kind: 'down' }
  | { kind: 'status'; status: number }
  | { kind: 'slow'; ms: number }
  | { kind: 'invalid' }
  /** Answers with each registration as `rewrite` makes it: fields outside the contract. */
  | { kind: 'fields'; rewrite: (registration: Record<string, unknown>) => unknown }
  /** Answers as an API from before answers said as of when: no `meta.retrievedAt`. */
  | { kind: 'no-moment' }
  /** Answers as of this moment. */
  | { kind: 'moment'; retrievedAt: string };

export interface RegisterApiServer {
  url: string;
  apiKey: string;
  fault: RegisterFault;
  /** Faults only the first `n` requests when set. */
  faultyRequests: number;
  requests: Array<{ url: string; authorization: string | undefined }>;
  close(): Promise<void>;
}

export const startRegisterApiServer = async (apiKey = 'register-test-key'): Promise<RegisterApiServer> => {
  const register = createSampleRegister();
  // Made before the first request: making it takes longer than a short timeout under a busy machine.
  await register.places();
  const state: RegisterApiServer = {
    url: '',
    apiKey,
    fault: { kind: 'none' },
    faultyRequests: Number.POSITIVE_INFINITY,
    requests: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    state.requests.push({ url: req.url ?? '/', authorization: req.headers.authorization });
    const fault = state.requests.length <= state.faultyRequests ? state.fault : { kind: 'none' as const };
    if (fault.kind === 'down') return void req.socket.destroy();
    if (fault.kind === 'status') return send(res, fault.status, { error: 'fault' });
    if (fault.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault.kind === 'invalid') return send(res, 200, { results: [] });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, { error: 'unauthorized' });

    const rewritten = (architect: Architect) =>
      fault.kind === 'fields'
        ? { ...architect, registrations: architect.registrations.map((entry) => fault.rewrite({ ...entry })) }
        : architect;
    const url = new URL(req.url ?? '/', 'http://register');
    const { status, body } = await answerRegisterApi(register, url.pathname, url.searchParams);
    if (status !== 200 || url.pathname === '/places') return send(res, status, body);
    const { data, meta } = body as { data: Architect | Architect[]; meta: { retrievedAt: string } };
    const { retrievedAt: _moment, ...momentless } = meta;
    send(res, status, {
      data: Array.isArray(data) ? data.map(rewritten) : rewritten(data),
      meta:
        fault.kind === 'no-moment'
          ? momentless
          : fault.kind === 'moment'
            ? { ...meta, retrievedAt: fault.retrievedAt }
            : meta,
    });
  };
  const server = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
};
