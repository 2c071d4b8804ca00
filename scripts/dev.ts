import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import webpack from 'webpack';
import { createWebpackConfig } from '../webpack.config.ts';
import { finishBuild } from './finish-build.ts';

// `npm run dev`: development bundles rebuilt on every change, and the server restarted after each
// successful build or change to server/.

const root = path.resolve(import.meta.dirname, '..');
let server: ChildProcess | null = null;

const startServer = () => {
  server = spawn(process.execPath, ['--watch-path=server', path.join(root, 'server/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { LOG_LEVEL: 'debug', SHUTDOWN_TIMEOUT_MS: '1000', ...process.env },
  });
};

const restartServer = () => {
  if (!server) return startServer();
  server.once('exit', startServer);
  server.kill('SIGTERM');
};

const compiler = webpack(createWebpackConfig('development'));
const watching = compiler.watch({ aggregateTimeout: 200 }, (error, stats) => {
  if (error) return console.error(error);
  const output = stats?.toString({ colors: true, preset: 'errors-warnings' });
  if (output) console.log(output);
  if (!stats || stats.hasErrors()) return console.log('Build failed; the server keeps the last good build.');
  finishBuild(stats, root).then(
    (buildId) => {
      console.log(`Rebuilt (build id ${buildId}); restarting the server.`);
      restartServer();
    },
    (finishError: unknown) => console.error('Build failed; the server keeps the last good build.', finishError),
  );
});

const stop = () => {
  watching?.close(() => undefined);
  server?.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
