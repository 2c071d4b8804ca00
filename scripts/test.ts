import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { killLeftovers, leftoverProcesses } from '../tests/helpers/processes.ts';
import { BROWSER_TEST_PORTS } from '../playwright.config.ts';

// `npm test`: finds (or installs) Chromium and redis-server, builds the site, then runs the unit and integration tests
// (vitest) and the browser tests (Playwright), and ends with one summary line.

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

interface Tool {
  /** What it is for, in the message when it is missing. */
  purpose: string;
  /** The variable that may point at it. */
  variable: string;
  candidates: string[];
  /** The Debian package that provides it. */
  debianPackage: string;
}

const TOOLS: Tool[] = [
  { purpose: 'Chromium for the browser tests', variable: 'CHROMIUM_PATH', candidates: ['/usr/bin/chromium', '/usr/bin/chromium-browser'], debianPackage: 'chromium' },
  { purpose: 'redis-server for the replica tests', variable: 'REDIS_SERVER_PATH', candidates: ['/usr/bin/redis-server', '/usr/local/bin/redis-server'], debianPackage: 'redis-server' },
];

const find = (tool: Tool): string | undefined => [process.env[tool.variable], ...tool.candidates].find((candidate) => candidate && existsSync(candidate));

/** Each tool's path, installing the missing ones with apt-get when this is a Debian machine and we are root. */
const ensureTools = (): Record<string, string> => {
  const missing = TOOLS.filter((tool) => !find(tool));
  if (missing.length > 0 && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    const packages = missing.map((tool) => tool.debianPackage).join(' ');
    console.log(`Missing: ${missing.map((tool) => tool.purpose).join('; ')}. Installing the Debian packages ${packages} with apt-get...`);
    run('sh', ['-c', `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${packages}`]);
  }
  const stillMissing = TOOLS.filter((tool) => !find(tool));
  for (const tool of stillMissing) {
    console.error(`Missing: ${tool.purpose}. Install it (Debian: \`apt-get install ${tool.debianPackage}\`, as root) or set ${tool.variable} to its binary.`);
  }
  if (stillMissing.length > 0) process.exit(1);
  return Object.fromEntries(TOOLS.map((tool) => [tool.variable, find(tool)!]));
};

const toolPaths = ensureTools();
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
], toolPaths);
const playwrightStatus = run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test'], toolPaths);

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(path.join(results, file), 'utf8'));
  } catch {
    return undefined;
  }
};
const vitest = readJson('vitest.json') as { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number } | undefined;
const playwright = readJson('playwright.json') as { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } } | undefined;

/** Whether something still answers on a loopback port. */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

// Nothing the tests started may outlive them: the processes registered by the unit and integration
// tests (their own teardown reported them already), and Playwright's web servers.
const leftovers = killLeftovers(leftoverProcesses());
for (const port of BROWSER_TEST_PORTS) {
  if (await answers(port)) leftovers.push(`a web server of the browser tests (playwright.config.ts) still answers on port ${port}`);
}
for (const leftover of leftovers) console.error(`Left running: ${leftover}`);

// Retries are off; a test that Playwright still reports as flaky counts as failed.
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const ok = vitestStatus === 0 && playwrightStatus === 0 && failed === 0 && leftovers.length === 0;

console.log(`\ntests: ${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
