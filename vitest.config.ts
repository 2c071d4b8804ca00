import { availableParallelism } from 'node:os';
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
    // Every process a test starts is registered and must be stopped by the file that started it.
    setupFiles: ['tests/setup/processes-of-each-file.ts'],
    globalSetup: ['tests/setup/no-process-left.ts'],
    retry: 0,
    // Two files at a time even on two cores: a file spends much of its time waiting on the sites, content
    // services and redis-servers it started. The files of a worker share their modules (the server's code
    // and the bundles a site loads once), instead of importing them again for each file: every test file
    // stops what it starts (tests/setup/processes-of-each-file.ts) and keeps no state in shared modules.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    isolate: false,
    // Waiting for something another process does (a log line, a refreshed page) is not a time limit: on a
    // busy machine it may take seconds. What must be fast is measured by `npm run bench`.
    expect: { poll: { timeout: 15_000 } },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
