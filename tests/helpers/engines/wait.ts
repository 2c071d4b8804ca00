import type { Engine } from './engine.ts';

/**
 * Polls `body` in the page until it returns something truthy: what a page shows after a click or a load
 * comes when the browser is done, not at a time. The deadline only keeps a broken page from hanging the
 * suite; it is not a bound the test asserts.
 */
export const waitFor = async <T>(engine: Engine, body: string, what: string, timeoutMs = 15_000): Promise<T> => {
  let last: unknown;
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    try {
      last = await engine.run<T>(body);
      if (last) return last as T;
    } catch (error) {
      // A document being replaced answers with an error for a moment.
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s (last: ${String(last)})`);
};

/** Whether React has hydrated the page. */
export const HYDRATED = `return document.documentElement.dataset.hydrated === 'true'`;

/** Loads `url` and waits until React has hydrated it. */
export const loadHydrated = async (engine: Engine, url: string): Promise<void> => {
  await engine.load(url);
  await waitFor(
    engine,
    `return location.href === ${JSON.stringify(url)} && document.documentElement.dataset.hydrated === 'true'`,
    `${url} hydrated`,
  );
};

/** Clicks the element `selector` finds, as a visitor's click reaches the page's handlers. */
export const click = (engine: Engine, selector: string): Promise<void> =>
  engine.run(`
    const element = document.querySelector(${JSON.stringify(selector)});
    if (!element) throw new Error('nothing matches ' + ${JSON.stringify(selector)});
    element.click();`);
