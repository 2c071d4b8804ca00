import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { CHROMIUM_CANDIDATES } from '../tests/helpers/chromium.ts';
import { killLeftovers, leftoverProcesses } from '../tests/helpers/processes.ts';
import { BROWSER_TEST_PORTS } from '../playwright.config.ts';

// `npm test`: finds (or installs) Chromium, Firefox ESR, WebKitGTK's WebDriver with Xvfb, redis-server,
// redis-sentinel, the container tools, Prometheus with promtool and kubectl, checks the types and the lint,
// builds the site, then runs the unit and integration tests
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
  /** In order of preference: the first is installed when missing, a later one serves when that fails. */
  candidates: string[];
  /** The Debian package that provides the first candidate. */
  debianPackage: string;
}

const TOOLS: Tool[] = [
  {
    purpose: 'Chromium for the browser tests',
    variable: 'CHROMIUM_PATH',
    candidates: [...CHROMIUM_CANDIDATES],
    debianPackage: 'chromium-headless-shell',
  },
  {
    purpose: 'redis-server for the replica tests',
    variable: 'REDIS_SERVER_PATH',
    candidates: ['/usr/bin/redis-server', '/usr/local/bin/redis-server'],
    debianPackage: 'redis-server',
  },
  {
    purpose: 'redis-sentinel for the failover test',
    variable: 'REDIS_SENTINEL_PATH',
    candidates: ['/usr/bin/redis-sentinel', '/usr/local/bin/redis-sentinel'],
    debianPackage: 'redis-sentinel',
  },
  {
    purpose: 'Java for the Nu Html Checker (vnu-jar) of the HTML validity test',
    variable: 'JAVA_PATH',
    candidates: ['/usr/bin/java'],
    debianPackage: 'default-jre-headless',
  },
  // The engine smoke suite (tests/integration/engines.test.ts): Firefox ESR and WebKitGTK under Xvfb.
  {
    purpose: 'Firefox ESR for the engine smoke suite',
    variable: 'FIREFOX_PATH',
    candidates: ['/usr/bin/firefox-esr'],
    debianPackage: 'firefox-esr',
  },
  {
    purpose: "WebKitGTK's WebDriver for the engine smoke suite",
    variable: 'WEBKIT_DRIVER_PATH',
    candidates: ['/usr/bin/WebKitWebDriver'],
    debianPackage: 'webkit2gtk-driver',
  },
  {
    purpose: 'Xvfb for the engine smoke suite (WebKitGTK needs a display)',
    variable: 'XVFB_PATH',
    candidates: ['/usr/bin/Xvfb'],
    debianPackage: 'xvfb',
  },
  // The container tests (tests/helpers/containers/): Podman with runc, the base images' stand-ins made
  // by mmdebstrap, compose.yaml run by podman-compose.
  {
    purpose: 'podman for the container tests',
    variable: 'PODMAN_PATH',
    candidates: ['/usr/bin/podman'],
    debianPackage: 'podman',
  },
  {
    purpose: 'runc for the container tests (crun refuses some cgroup layouts)',
    variable: 'RUNC_PATH',
    candidates: ['/usr/sbin/runc', '/usr/bin/runc'],
    debianPackage: 'runc',
  },
  {
    purpose: 'mmdebstrap for the container tests (it makes the base images)',
    variable: 'MMDEBSTRAP_PATH',
    candidates: ['/usr/bin/mmdebstrap'],
    debianPackage: 'mmdebstrap',
  },
  {
    purpose: 'podman-compose for the Compose test',
    variable: 'PODMAN_COMPOSE_PATH',
    candidates: ['/usr/bin/podman-compose'],
    debianPackage: 'podman-compose',
  },
  // The monitoring files: the alert rules run by promtool and by Prometheus against a live site; the
  // Kubernetes overlays built by kubectl's kustomize (Debian 12's kubectl is the package kubernetes-client).
  {
    purpose: 'promtool for the alert rules tests',
    variable: 'PROMTOOL_PATH',
    candidates: ['/usr/bin/promtool'],
    debianPackage: 'prometheus',
  },
  {
    purpose: 'prometheus for the test of the alerts and the dashboard against a live site',
    variable: 'PROMETHEUS_PATH',
    candidates: ['/usr/bin/prometheus'],
    debianPackage: 'prometheus',
  },
  {
    purpose: 'kubectl for the Kubernetes overlays (kubectl kustomize)',
    variable: 'KUBECTL_PATH',
    candidates: ['/usr/bin/kubectl', '/usr/local/bin/kubectl'],
    debianPackage: 'kubernetes-client',
  },
];

const find = (tool: Tool): string | undefined =>
  [process.env[tool.variable], ...tool.candidates].find((candidate) => candidate && existsSync(candidate));

/** Set by the variable, or the preferred candidate present. */
const settled = (tool: Tool): boolean =>
  Boolean(process.env[tool.variable] && existsSync(process.env[tool.variable]!)) || existsSync(tool.candidates[0]!);

/**
 * Each tool's path. As root on a Debian machine, the preferred candidate of each tool is installed with
 * apt-get when missing; a tool none of whose candidates is there stops the run with what to install.
 */
const ensureTools = (): Record<string, string> => {
  const toInstall = TOOLS.filter((tool) => !settled(tool));
  if (toInstall.length > 0 && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    const packages = [...new Set(toInstall.map((tool) => tool.debianPackage))].join(' ');
    console.log(
      `Missing: ${toInstall.map((tool) => tool.purpose).join('; ')}. Installing the Debian packages ${packages} with apt-get...`,
    );
    run('sh', ['-c', `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${packages}`]);
  }
  for (const tool of TOOLS.filter((tool) => !settled(tool) && find(tool))) {
    console.log(`${tool.purpose}: ${tool.candidates[0]} is missing, using ${find(tool)} (slower).`);
  }
  const stillMissing = TOOLS.filter((tool) => !find(tool));
  for (const tool of stillMissing) {
    console.error(
      `Missing: ${tool.purpose}. Install it (Debian: \`apt-get install ${tool.debianPackage}\`, as root) or set ${tool.variable} to its binary.`,
    );
  }
  if (stillMissing.length > 0) process.exit(1);
  return Object.fromEntries(TOOLS.map((tool) => [tool.variable, find(tool)!]));
};

const toolPaths = ensureTools();
rmSync(results, { recursive: true, force: true });

// Types and lint first: either fails the run in under a minute, before the build and the tests.
if (run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit']) !== 0) {
  console.error('The type check failed (npm run typecheck); no tests were run.');
  process.exit(1);
}
if (
  run(process.execPath, ['node_modules/eslint/bin/eslint.js', '.']) !== 0 ||
  run(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '.']) !== 0
) {
  console.error('The lint failed (npm run lint); no tests were run.');
  process.exit(1);
}

if (run(process.execPath, ['scripts/build.ts']) !== 0) {
  console.error('The build failed; no tests were run.');
  process.exit(1);
}

const vitestStatus = run(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    // A test marked `.only` left in a file would make the rest of the suite pass unseen.
    '--allowOnly=false',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(results, 'vitest.json')}`,
  ],
  toolPaths,
);
const playwrightStatus = run(
  process.execPath,
  ['node_modules/@playwright/test/cli.js', 'test', '--forbid-only'],
  toolPaths,
);

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(path.join(results, file), 'utf8'));
  } catch {
    return undefined;
  }
};
interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}
interface PlaywrightSuite {
  title: string;
  specs?: { title: string; ok: boolean; file: string; line: number }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  suites?: PlaywrightSuite[];
}
const vitest = readJson('vitest.json') as VitestReport | undefined;
const playwright = readJson('playwright.json') as PlaywrightReport | undefined;

/** The first line of an error, short enough for a log's last lines. */
const firstLine = (text = '') =>
  text
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

/** What failed, one line each, so that the last lines of a long log (all a CI summary may keep) name it. */
const failures = (): string[] => {
  const lines: string[] = [];
  for (const file of vitest?.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests)
      lines.push(`vitest ${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) lines.push(`vitest ${name}: ${firstLine(file.message)}`);
  }
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      if (!spec.ok) lines.push(`playwright ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of playwright?.suites ?? []) walk(suite, []);
  return lines;
};

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
  if (await answers(port))
    leftovers.push(`a web server of the browser tests (playwright.config.ts) still answers on port ${port}`);
}
for (const leftover of leftovers) console.error(`Left running: ${leftover}`);

// Retries are off; a test that Playwright still reports as flaky counts as failed.
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const ok = vitestStatus === 0 && playwrightStatus === 0 && failed === 0 && leftovers.length === 0;

const failedTests = failures();
if (failedTests.length > 0) console.log(`\nFailed:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
