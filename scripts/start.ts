import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIsCurrent } from './source-freshness.ts';

// `npm start`: builds when dist/ is missing or older than the sources, then runs the server in this
// process (so that signals reach it directly).

const root = path.resolve(import.meta.dirname, '..');

if (!(await buildIsCurrent(root))) {
  console.log('Building the site first (dist/ is missing or older than the sources)...');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.ts')], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../server/main.ts');
