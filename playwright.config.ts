import { defineConfig } from '@playwright/test';
import { chromiumPath } from './tests/helpers/chromium.ts';
import { WHOLE_PAGES } from './tests/helpers/site.ts';

// Browser tests in the system Chromium (no browser download), against the production build served
// by the real server on a loopback port.

const port = Number(process.env.E2E_PORT ?? 4789);
/** Every browser test comes from 127.0.0.1: the per-client limits are raised out of their way. */
const BROWSER_TESTS_ARE_ONE_CLIENT = {
  RATE_LIMIT_ARCHITECTS_PER_MINUTE: '100000',
  RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
  RATE_LIMIT_FORMS_PER_HOUR: '100000',
};
const matomoPort = port + 1;
/** The ports of the web servers below: nothing may answer on them once the tests are over. */
export const BROWSER_TEST_PORTS = [port, matomoPort] as const;

export default defineConfig({
  testDir: 'tests/browser',
  // Its own folder: Playwright empties it at start, and the test summaries live beside it.
  outputDir: 'test-results/browser',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Waiting for the page to show something is not a time limit: on a busy machine it may take seconds.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Headless Chromium says "HeadlessChrome", which isbot counts as a crawler; visitors' browsers do not.
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    launchOptions: {
      executablePath: chromiumPath(),
      // As root in a container, without the network Chromium's background services expect.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // Analytics go to a stand-in Matomo on loopback (tests/helpers/matomo-stand-in.ts).
      command: `"${process.execPath}" tests/helpers/matomo-stand-in.ts`,
      url: `http://127.0.0.1:${matomoPort}/health`,
      env: { PORT: String(matomoPort) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `"${process.execPath}" server/main.ts`,
      url: `http://127.0.0.1:${port}/readyz`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        MATOMO_URL: `http://127.0.0.1:${matomoPort}`,
        MATOMO_SITE_ID: '7',
        METRICS_PORT: '0',
        DRAIN_DELAY_MS: '0',
        ...WHOLE_PAGES,
        ...BROWSER_TESTS_ARE_ONE_CLIENT,
        // The sample CMS throttles its API as stock Statamic does (a limit per client address, 429 with
        // Retry-After past it), and the site keeps to the limit its answers state.
        CONTENT_API_THROTTLE: '600',
        CONTENT_API_THROTTLE_WINDOW_S: '60',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
