import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

// `npm test`: finds (or installs) Chromium, builds the site, then runs the unit and integration tests
// (vitest) and the browser tests (Playwright), and ends with one summary line.

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const findChromium = (): string | undefined =>
  [process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].find((candidate) => candidate && existsSync(candidate));

const ensureChromium = (): string => {
  const found = findChromium();
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canInstall) {
    console.log('Chromium is missing: installing the Debian package `chromium` with apt-get...');
    run('sh', ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium']);
  }
  const installed = findChromium();
  if (installed) return installed;
  console.error(
    'Missing: Chromium for the browser tests. Install it (Debian: `apt-get install chromium`, as root) ' +
      'or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
};

const chromium = ensureChromium();
rmSync(results, { recursive: true, force: true });

if (run(process.execPath, ['scripts/build.ts']) !== 0) {
  console.error('The build failed; no tests were run.');
  process.exit(1);
}

const vitestStatus = run(process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(results, 'vitest.json')}`,
]);
const playwrightStatus = run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test'], {
  CHROMIUM_PATH: chromium,
});

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(path.join(results, file), 'utf8'));
  } catch {
    return undefined;
  }
};
const vitest = readJson('vitest.json') as { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number } | undefined;
const playwright = readJson('playwright.json') as { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } } | undefined;

const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const ok = vitestStatus === 0 && playwrightStatus === 0 && failed === 0;

console.log(`\ntests: ${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
