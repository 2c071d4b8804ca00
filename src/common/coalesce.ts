// Work per key shared by whoever asks while it runs (concurrent misses wait for one load instead of each
// loading), and kept entries served stale while one refresh per key runs behind them
// (stale-while-revalidate): the one implementation of both, for the CMS answers (src/cms/response-cache.ts)
// and the rendered pages (server/render/page-handler.ts). Each caller keeps its own outcomes and its own
// answer to a failed load.

export interface Coalescer<T> {
  /** The work under way for `key`, if any. */
  pending(key: string): Promise<T> | undefined;
  /** Starts `work` for `key`, shared with whoever asks until it settles (it takes the place of any under way). */
  run(key: string, work: () => Promise<T>): Promise<T>;
  /**
   * Work for `key` that the caller settles itself with the returned function (only its first call counts),
   * shared meanwhile: a render that goes to its own visitor first.
   */
  begin(key: string): (value: T) => void;
  /**
   * A kept entry, served: `fresh` until its `expiresAt`, then `stale`, with `refresh` started behind it
   * unless work for the key is under way already.
   */
  serve(key: string, entry: { readonly expiresAt: number }, refresh: () => Promise<T>): 'fresh' | 'stale';
  /** Forgets the work under way: whoever asks next starts anew; those waiting still get its answer. */
  clear(): void;
}

export const createCoalescer = <T>({ now = Date.now }: { now?: () => number } = {}): Coalescer<T> => {
  const underWay = new Map<string, Promise<T>>();
  const forget = (key: string, work: Promise<T>) => {
    if (underWay.get(key) === work) underWay.delete(key);
  };

  const coalescer: Coalescer<T> = {
    pending: (key) => underWay.get(key),

    run(key, work) {
      const running: Promise<T> = work().finally(() => forget(key, running));
      underWay.set(key, running);
      return running;
    },

    begin(key) {
      let settle!: (value: T) => void;
      const waited = new Promise<T>((resolve) => (settle = resolve));
      underWay.set(key, waited);
      return (value) => {
        forget(key, waited);
        settle(value);
      };
    },

    serve(key, entry, refresh) {
      if (entry.expiresAt > now()) return 'fresh';
      if (!underWay.has(key)) void coalescer.run(key, refresh);
      return 'stale';
    },

    clear: () => underWay.clear(),
  };
  return coalescer;
};
