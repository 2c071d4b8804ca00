import { test as base, expect } from '@playwright/test';
import type { Page, Request } from '@playwright/test';

// Every browser test records console errors and the requests it causes, and fails on a console error.

export interface Recorded {
  consoleErrors: string[];
  /** Expects console errors matching `pattern` (the browser reports every 404 response as one). */
  allowConsoleErrors(pattern: RegExp): void;
  requests: Request[];
  /** Document loads and payload fetches since the last `reset()`. */
  documentLoads(): string[];
  payloadFetches(): string[];
  reset(): void;
}

const record = (page: Page): Recorded => {
  const consoleErrors: string[] = [];
  const allowed: RegExp[] = [];
  let requests: Request[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !allowed.some((pattern) => pattern.test(message.text()))) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => {
    if (!allowed.some((pattern) => pattern.test(error.message))) consoleErrors.push(error.message);
  });
  page.on('request', (request) => requests.push(request));
  return {
    consoleErrors,
    allowConsoleErrors: (pattern) => allowed.push(pattern),
    get requests() {
      return requests;
    },
    documentLoads: () =>
      requests.filter((request) => request.resourceType() === 'document').map((request) => request.url()),
    payloadFetches: () => requests.filter((request) => request.url().includes('_rsc=')).map((request) => request.url()),
    reset: () => {
      requests = [];
    },
  };
};

export const test = base.extend<{ recorded: Recorded }>({
  recorded: async ({ page }, use) => {
    const recorded = record(page);
    await use(recorded);
    expect(recorded.consoleErrors, 'console errors').toEqual([]);
  },
});

export { expect };

/** Opens a page and waits until React has hydrated it. */
export const openHydrated = async (page: Page, path: string): Promise<void> => {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
};

/** Opens the mega menu and follows one of its links. */
export const followMenuLink = async (page: Page, name: string): Promise<void> => {
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('dialog').getByRole('link', { name, exact: true }).click();
};
