import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { NODE_ENVIRONMENT } from '../server/config/memory-settings.ts';
import { COMPILED_SERVER_ENTRY } from './build-server.ts';
import { buildIsCurrent } from './source-freshness.ts';

// `npm start`: builds when dist/ is missing or older than the sources, then becomes the server: this
// process is replaced by Node running the compiled server (dist/node/, scripts/build-server.ts) with
// the same flags, so that signals reach the server directly and nothing of this TypeScript script
// (Node's TypeScript stripper above all) stays in its memory.

const root = path.resolve(import.meta.dirname, '..');

const server = path.join(root, COMPILED_SERVER_ENTRY);

if (!(await buildIsCurrent(root))) {
  console.log('Building the site first (dist/ is missing or older than the sources)...');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.ts')], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (process.execve) {
  // process.execve itself is experimental in Node 24; the server need not say so in its log.
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, '--disable-warning=ExperimentalWarning', server],
    { ...NODE_ENVIRONMENT, ...process.env },
  );
} else {
  // Windows has no execve: the server runs in this process.
  await import(server);
}
