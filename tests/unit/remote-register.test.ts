import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRemoteRegister } from '../../server/register/remote-register.ts';
import type { ArchitectQuery } from '../../src/common/register-types.ts';
import { startRegisterApiServer } from '../helpers/register-api-server.ts';
import type { RegisterApiServer } from '../helpers/register-api-server.ts';

// The adapter for the register's own API, against a server that speaks its contract.

const log = { error: vi.fn(), warn: vi.fn() };
let server: RegisterApiServer;
const query: ArchitectQuery = { searchTerm: 'Dudok', title: null, place: null, kind: null, page: 1, perPage: 5 };
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

describe('the moment of an answer', () => {
  it("carries the register's moment, or without one the moment the answer arrived", async () => {
    const before = Date.now();
    const given = await remote().search(query);
    expect(Date.parse(given.meta.retrievedAt)).toBeGreaterThanOrEqual(before - 1000);
    const number = given.data[0]!.registrations[0]!.number;
    expect((await remote().get(number))?.retrievedAt).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
    );

    server.fault = { kind: 'no-moment' };
    const arrival = Date.UTC(2026, 11, 6, 14, 30);
    const clocked = createRemoteRegister({
      url: server.url,
      apiKey: server.apiKey,
      timeoutMs: 2000,
      maxResponseBytes: 1024 * 1024,
      log,
      now: () => arrival,
    });
    expect((await clocked.search(query)).meta.retrievedAt).toBe('2026-12-06T14:30:00.000Z');
    expect((await clocked.get(number))?.retrievedAt).toBe('2026-12-06T14:30:00.000Z');
  });
});

describe('the register API adapter reading statuses and measures', () => {
  const suspended = { kind: 'suspended', until: '2027-03-01' };
  const rewriting = (rewrite: (registration: Record<string, unknown>) => unknown) => {
    server.fault = { kind: 'fields', rewrite };
  };

  it('reads each status and the measures in force', async () => {
    rewriting((registration) => ({
      ...registration,
      status: suspended,
      measures: [{ kind: 'suspension', from: '2026-03-01', until: '2027-03-01' }],
    }));
    const [first] = (await remote().search(query)).data;
    expect(first!.registrations[0]).toMatchObject({
      status: suspended,
      measures: [{ kind: 'suspension', from: '2026-03-01', until: '2027-03-01' }],
    });
    rewriting((registration) => ({
      ...registration,
      status: { kind: 'struck-off', date: '2020-02-29', ground: 'not-re-registered' },
    }));
    expect((await remote().search(query)).data[0]!.registrations[0]).toMatchObject({
      status: { kind: 'struck-off', date: '2020-02-29', ground: 'not-re-registered' },
      measures: [],
    });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('takes a registration without a status as registered, and a striking off on an unknown ground as struck off', async () => {
    rewriting(({ status: _status, measures: _measures, ...registration }) => registration);
    expect((await remote().search(query)).data[0]!.registrations[0]).toMatchObject({
      status: { kind: 'registered' },
      measures: [],
    });
    rewriting((registration) => ({
      ...registration,
      status: { kind: 'struck-off', date: '2021-05-04', ground: 'moved' },
    }));
    expect((await remote().search(query)).data[0]!.registrations[0]!.status).toEqual({
      kind: 'struck-off',
      date: '2021-05-04',
      ground: null,
    });
  });

  it('reads a temporary registration with its end date; past that day it is no longer registered', async () => {
    const now = new Date();
    const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    rewriting((registration) => ({ ...registration, kind: 'temporary', until: day(30) }));
    expect((await remote().search(query)).data[0]!.registrations[0]).toMatchObject({
      kind: 'temporary',
      until: day(30),
      status: { kind: 'registered' },
    });
    rewriting((registration) => ({ ...registration, kind: 'temporary', until: day(-2) }));
    expect((await remote().search(query)).data[0]!.registrations[0]).toMatchObject({
      kind: 'temporary',
      status: { kind: 'ended', date: day(-2) },
    });
    // Suspended or struck off stays what the register says.
    rewriting((registration) => ({ ...registration, kind: 'temporary', until: day(-2), status: suspended }));
    expect((await remote().search(query)).data[0]!.registrations[0]!.status).toEqual(suspended);
    // Without a kind (an API from before temporary registrations): regular.
    rewriting(({ kind: _kind, until: _until, ...registration }) => registration);
    expect((await remote().search(query)).data[0]!.registrations[0]).toMatchObject({ kind: 'regular', until: null });
    expect(log.warn).not.toHaveBeenCalled();

    for (const odd of [{ kind: 'temporary' }, { kind: 'temporary', until: '31-12-2026' }, { kind: 'seasonal' }]) {
      log.warn.mockClear();
      rewriting((registration) => ({ ...registration, until: null, ...odd }));
      expect((await remote().search(query)).data, JSON.stringify(odd)).toEqual([]);
      expect(log.warn).toHaveBeenCalledTimes(1);
    }
  });

  it('leaves out, with one warning, registrations whose status it cannot read and measures without their kind or dates', async () => {
    for (const status of [
      { kind: 'deceased' },
      { kind: 'suspended' },
      { kind: 'suspended', until: '2027-02-30' },
      { kind: 'struck-off', ground: 'request' },
      'registered',
    ]) {
      log.warn.mockClear();
      rewriting((registration) => ({ ...registration, status }));
      expect((await remote().search(query)).data, JSON.stringify(status)).toEqual([]);
      expect(log.warn).toHaveBeenCalledTimes(1);
    }
    log.warn.mockClear();
    rewriting((registration) => ({
      ...registration,
      status: { kind: 'registered' },
      measures: [
        { kind: 'community-service', from: '2026-01-01' },
        { kind: 'fine', from: '1 januari 2026' },
        { kind: 'fine', from: '2026-01-01', until: 'never' },
        { kind: 'reprimand', from: '2026-01-01' },
      ],
    }));
    expect((await remote().search(query)).data[0]!.registrations[0]!.measures).toEqual([
      { kind: 'reprimand', from: '2026-01-01', until: null },
    ]);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('looks a registration up by number: the person, null for 404, a failure when it cannot read that registration', async () => {
    const [someone] = (await remote().search(query)).data;
    const number = someone!.registrations[0]!.number;
    server.requests.length = 0;
    expect((await remote().get(number))?.architect).toEqual(someone);
    expect(server.requests).toEqual([{ url: `/architects/${number}`, authorization: `Bearer ${server.apiKey}` }]);
    expect(await remote().get('9.999999.999')).toBeNull();
    rewriting((registration) => ({ ...registration, status: { kind: 'unknown' } }));
    await expect(remote().get(number)).rejects.toThrow('without a readable registration');
    server.fault = { kind: 'invalid' };
    await expect(remote().get(number)).rejects.toThrow('outside its contract');
  });
});
