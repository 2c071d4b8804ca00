import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRemoteRegister } from '../../server/register/remote-register.ts';
import type { ArchitectQuery } from '../../src/register/types.ts';
import { startRegisterApiServer } from '../helpers/register-api-server.ts';
import type { RegisterApiServer } from '../helpers/register-api-server.ts';

// The adapter for the register's own API, against a server that speaks its contract.

const log = { error: vi.fn(), warn: vi.fn() };
let server: RegisterApiServer;
const query: ArchitectQuery = { searchTerm: 'Dudok', title: null, place: null, page: 1, perPage: 5 };
const remote = (timeoutMs = 2000) =>
  createRemoteRegister({ url: server.url, apiKey: server.apiKey, timeoutMs, maxResponseBytes: 1024 * 1024, log });

beforeAll(async () => {
  server = await startRegisterApiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.fault = { kind: 'none' };
  server.faultyRequests = Number.POSITIVE_INFINITY;
  server.requests.length = 0;
  log.warn.mockClear();
});

describe('the register API adapter', () => {
  it('asks with the key and the non-empty parameters, and reads the answer', async () => {
    const results = await remote().search(query);
    expect(results.meta).toMatchObject({ page: 1, perPage: 5 });
    expect(results.data[0]?.name).toMatch(/Dudok$/);
    expect(server.requests).toEqual([
      { url: '/architects?searchTerm=Dudok&page=1&perPage=5', authorization: `Bearer ${server.apiKey}` },
    ]);
  });

  it('retries once on a passing failure, then gives up', async () => {
    server.fault = { kind: 'status', status: 503 };
    server.faultyRequests = 1;
    expect((await remote().search(query)).data.length).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(2);

    server.requests.length = 0;
    server.faultyRequests = Number.POSITIVE_INFINITY;
    await expect(remote().search(query)).rejects.toThrow('Register API answered 503');
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry an answer that will not change, and fails on a broken connection or timeout', async () => {
    server.fault = { kind: 'status', status: 400 };
    await expect(remote().search(query)).rejects.toThrow('Register API answered 400');
    expect(server.requests).toHaveLength(1);
    server.fault = { kind: 'down' };
    await expect(remote().search(query)).rejects.toThrow('Register API request failed');
    server.fault = { kind: 'slow', ms: 300 };
    await expect(remote(50).search(query)).rejects.toThrow(/Register API request failed.*(timeout|aborted)/i);
  });

  it('refuses an answer outside the contract', async () => {
    server.fault = { kind: 'invalid' };
    await expect(remote().search(query)).rejects.toThrow('outside its contract');
  });

  it('reads the places once an hour, and falls back to none with a warning', async () => {
    const register = remote();
    expect(await register.places()).toContain('Utrecht');
    await register.places();
    expect(server.requests.filter((request) => request.url === '/places')).toHaveLength(1);

    server.fault = { kind: 'down' };
    expect(await remote().places()).toEqual([]);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});
