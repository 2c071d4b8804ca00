import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpack from 'webpack';
import { loadConfigOrExit } from '../server/config/config.ts';
import { connectContent } from '../server/content-source.ts';
import { DEV_BUILD_ERROR_FILE } from '../server/http/dev-reload.ts';
import { createLogger } from '../server/lifecycle/logger.ts';
import { REVALIDATE_API_PATH } from '../server/revalidation/revalidate-api.ts';
import { createWebpackConfig } from '../webpack.config.ts';
import { finishBuild } from './finish-build.ts';

// `npm run dev`: development bundles rebuilt on every change, and a new site after each good build
// (Node restarts it itself when server/ changes). The sample content service runs here, once, so that
// its edits outlive the restarts; the open pages reload when a new site is up, and show a failed build's
// errors until the next good one (server/http/dev-reload.ts). Ctrl-C (or SIGTERM) stops all of it.

const root = path.resolve(import.meta.dirname, '..');
const buildErrorFile = path.join(root, DEV_BUILD_ERROR_FILE);
const config = loadConfigOrExit(process.env);
const revalidateSecret = config.revalidateSecret ?? randomBytes(16).toString('hex');

// The content source as the site itself would connect it (server/content-source.ts): the sample service
// unless CMS_API_URL names another CMS (then it is the site's own to reach); edits need CONTENT_ADMIN_KEY.
const content = await connectContent(config, createLogger(config));
content.useWebhook({ url: `http://127.0.0.1:${config.port}${REVALIDATE_API_PATH}`, secret: revalidateSecret });
const contentEnv: Record<string, string> = content.embeddedOrigin
  ? { CMS_API_URL: content.source.apiUrl, CMS_API_KEY: content.source.apiKey }
  : {};
let site: ChildProcess | null = null;

const startSite = () => {
  site = spawn(process.execPath, ['--watch-path=server', path.join(root, 'server/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      LOG_LEVEL: 'debug',
      SHUTDOWN_TIMEOUT_MS: '1000',
      DRAIN_DELAY_MS: '0',
      METRICS_PORT: '0',
      ...process.env,
      ...contentEnv,
      PORT: String(config.port),
      REVALIDATE_SECRET: revalidateSecret,
      DEV_RELOAD: '1',
    },
  });
};

/** Resolves once the site (if any) has exited. */
const stopSite = () =>
  new Promise<void>((resolve) => {
    const running = site;
    site = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
    running.once('exit', () => resolve());
    running.kill('SIGTERM');
  });

const compiler = webpack(createWebpackConfig('development'));
const watching = compiler.watch({ aggregateTimeout: 200 }, (error, stats) => {
  const failed = (report: string) => {
    console.error(report);
    console.log('Build failed; the site keeps the last good build.');
    writeFile(buildErrorFile, report).catch((writeError: unknown) => console.error(writeError));
  };
  if (error) return failed(String(error.stack ?? error));
  const output = stats?.toString({ colors: true, preset: 'errors-warnings' });
  if (output) console.log(output);
  if (!stats || stats.hasErrors()) return failed(stats?.toString({ colors: false, preset: 'errors-only' }) ?? '');
  finishBuild(stats, root)
    .then(async (buildId) => {
      console.log(`Rebuilt (build id ${buildId}); starting the site again.`);
      await rm(buildErrorFile, { force: true });
      await stopSite();
      startSite();
    })
    .catch((finishError: unknown) => failed(String(finishError)));
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await new Promise<void>((resolve) => (watching ? watching.close(() => resolve()) : resolve()));
  await stopSite();
  await content.close();
  await rm(buildErrorFile, { force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
