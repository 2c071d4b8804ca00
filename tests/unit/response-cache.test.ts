import { describe, expect, it, vi } from 'vitest';
import { createResponseCache } from '../../src/cms/response-cache.ts';

const log = { error: vi.fn(), warn: vi.fn() };

describe('the CMS response cache', () => {
  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, log, maxEntries: 2 });
    const load = vi.fn(async () => 'value');
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('a', load); // a is now the most recently used
    await cache.get('c', load); // b goes
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('a', load);
    await cache.get('c', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('b', load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
