import { existsSync } from 'node:fs';

/**
 * Chromium's binaries in order of preference: the headless shell (Debian's chromium-headless-shell, the
 * same engine without the desktop browser: the browser tests take half the time in it, and Lighthouse
 * does not count the full browser's own start-up task against every page), then the full browser.
 */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
] as const;

/** `CHROMIUM_PATH`, or the first candidate installed; what the tests, the benchmarks and the scripts run. */
export const chromiumPath = (): string =>
  process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? '/usr/bin/chromium';
