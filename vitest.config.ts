import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and integration tests. Browser tests live in tests/browser and run under Playwright.
export default defineConfig({
  resolve: {
    // Tests of server-only modules (the CMS client) run them as the RSC bundle does.
    alias: { 'server-only': fileURLToPath(new URL('node_modules/server-only/empty.js', import.meta.url)) },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/browser/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
