import { describe, expect, it, vi } from 'vitest';
import { createResponseCache } from '../../src/cms/response-cache.ts';

const log = { error: vi.fn(), warn: vi.fn() };

describe('the CMS response cache', () => {
  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, log, maxEntries: 2 });
    const load = vi.fn(async () => 'value');
    await cache.get('a', ['scope'], load);
    await cache.get('b', ['scope'], load);
    await cache.get('a', ['scope'], load); // a is now the most recently used
    await cache.get('c', ['scope'], load); // b goes
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('a', ['scope'], load);
    await cache.get('c', ['scope'], load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('b', ['scope'], load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});

describe('after the hour', () => {
  it('answers the stale value at once, refreshes it once behind, and says when it changed', async () => {
    let time = 0;
    const onChange = vi.fn();
    const cache = createResponseCache({ ttlMs: 1000, log, now: () => time, onChange });
    let answer = 'old';
    let release = () => {};
    const load = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve(answer);
          if (answer === 'old') release();
        }),
    );
    expect(await cache.get('a', ['scope'], load)).toBe('old');

    time = 1001;
    answer = 'new';
    expect(await Promise.all([cache.get('a', ['scope'], load), cache.get('a', ['scope'], load)])).toEqual([
      'old',
      'old',
    ]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(onChange).not.toHaveBeenCalled();
    release();
    await vi.waitFor(async () => expect(await cache.get('a', ['scope'], load)).toBe('new'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not call a refresh with the same answer a change', async () => {
    let time = 0;
    const onChange = vi.fn();
    const cache = createResponseCache({ ttlMs: 1000, log, now: () => time, onChange });
    await cache.get('a', ['scope'], async () => ({ same: true }));
    time = 1001;
    await cache.get('a', ['scope'], async () => ({ same: true }));
    await vi.waitFor(() =>
      expect(cache.get('a', ['scope'], async () => ({ same: false }))).resolves.toEqual({ same: true }),
    );
    expect(onChange).not.toHaveBeenCalled();
  });
});
