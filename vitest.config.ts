import { defineConfig } from 'vitest/config';

// Unit and integration tests. Browser tests live in tests/browser and run under Playwright.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/browser/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
