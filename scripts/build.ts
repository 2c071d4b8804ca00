import path from 'node:path';
import webpack from 'webpack';
import { createWebpackConfig } from '../webpack.config.ts';
import { buildServer } from './build-server.ts';
import { finishBuild } from './finish-build.ts';

// `npm run build`: the production client, RSC and SSR bundles into dist/, and the server's modules as
// JavaScript into dist/node/.
const compiler = webpack(createWebpackConfig('production'));
const root = path.resolve(import.meta.dirname, '..');
compiler.run((error, stats) => {
  compiler.close(() => undefined);
  if (error) {
    console.error(error);
    process.exit(1);
  }
  const output = stats?.toString({ colors: process.stdout.isTTY, preset: 'errors-warnings' });
  if (output) console.log(output);
  if (!stats || stats.hasErrors()) process.exit(1);
  buildServer(root)
    .then((serverModules) => finishBuild(stats, root, serverModules))
    .then(
      (buildId) => console.log(`Build complete: dist/ (build id ${buildId})`),
      (finishError: unknown) => {
        console.error(finishError);
        process.exit(1);
      },
    );
});
