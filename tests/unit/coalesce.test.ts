import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescer } from '../../src/common/coalesce.ts';

// Work per key shared while it runs, and kept entries served stale while one refresh runs behind them:
// what the CMS answer cache and the page handler both stand on. The clock is vitest's.

/** Work that ends when the test says so, counting how often it was started. */
const controlled = <T>() => {
  const started: Array<{ resolve: (value: T) => void; reject: (error: Error) => void }> = [];
  const work = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        started.push({ resolve, reject });
      }),
  );
  return { work, started };
};

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('work per key', () => {
  it('is shared by whoever asks while it runs, then forgotten', async () => {
    const loads = createCoalescer<string>();
    const { work, started } = controlled<string>();
    const first = loads.run('a', work);
    expect(loads.pending('a')).toBe(first);
    expect(loads.pending('b')).toBeUndefined();
    started[0]!.resolve('answer');
    await expect(loads.pending('a')).resolves.toBe('answer');
    await expect(first).resolves.toBe('answer');
    expect(loads.pending('a')).toBeUndefined();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('that fails fails for everyone waiting, and the next asker starts anew', async () => {
    const loads = createCoalescer<string>();
    const { work, started } = controlled<string>();
    const first = loads.run('a', work);
    const waiting = loads.pending('a');
    started[0]!.reject(new Error('CMS down'));
    await expect(first).rejects.toThrow('CMS down');
    await expect(waiting).rejects.toThrow('CMS down');
    expect(loads.pending('a')).toBeUndefined();
  });

  it('started anew takes the place of the one under way, which on settling leaves the new one', async () => {
    const loads = createCoalescer<string>();
    const { work, started } = controlled<string>();
    const first = loads.run('a', work);
    const second = loads.run('a', work);
    started[0]!.resolve('old');
    await expect(first).resolves.toBe('old');
    expect(loads.pending('a')).toBe(second);
    started[1]!.resolve('new');
    await expect(second).resolves.toBe('new');
    expect(loads.pending('a')).toBeUndefined();
  });

  it('settled by its caller counts the first answer only', async () => {
    const renders = createCoalescer<string | null>();
    const settle = renders.begin('a');
    const waiting = renders.pending('a');
    settle('kept');
    settle(null);
    await expect(waiting).resolves.toBe('kept');
    expect(renders.pending('a')).toBeUndefined();
  });

  it('is forgotten at once when cleared, while those waiting still get its answer', async () => {
    const loads = createCoalescer<string>();
    const { work, started } = controlled<string>();
    const first = loads.run('a', work);
    loads.clear();
    expect(loads.pending('a')).toBeUndefined();
    const second = loads.run('a', work);
    started[0]!.resolve('before the change');
    started[1]!.resolve('after the change');
    await expect(first).resolves.toBe('before the change');
    await expect(second).resolves.toBe('after the change');
  });
});

describe('a kept entry', () => {
  it('is fresh until it expires, then stale with one refresh behind it at a time', async () => {
    const loads = createCoalescer<string>();
    const { work: refresh, started } = controlled<string>();
    const entry = { expiresAt: 60_000 };

    expect(loads.serve('a', entry, refresh)).toBe('fresh');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(loads.serve('a', entry, refresh)).toBe('fresh');
    expect(refresh).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(loads.serve('a', entry, refresh)).toBe('stale');
    expect(loads.serve('a', entry, refresh)).toBe('stale');
    expect(refresh).toHaveBeenCalledTimes(1);
    // Whoever finds nothing kept meanwhile waits for that refresh.
    const waiting = loads.pending('a');
    started[0]!.resolve('refreshed');
    await expect(waiting).resolves.toBe('refreshed');

    // Still stale (the caller keeps what the refresh brought): the next view starts the next refresh.
    expect(loads.serve('a', entry, refresh)).toBe('stale');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('past its hour while a load of the key runs starts no refresh of its own', () => {
    const loads = createCoalescer<string>();
    const { work } = controlled<string>();
    void loads.run('a', work);
    const refresh = vi.fn(async () => 'refreshed');
    expect(loads.serve('a', { expiresAt: 0 }, refresh)).toBe('stale');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('reads the clock it is given', () => {
    let time = 0;
    const loads = createCoalescer<string>({ now: () => time });
    const refresh = vi.fn(async () => 'refreshed');
    expect(loads.serve('a', { expiresAt: 10 }, refresh)).toBe('fresh');
    time = 10;
    expect(loads.serve('a', { expiresAt: 10 }, refresh)).toBe('stale');
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
