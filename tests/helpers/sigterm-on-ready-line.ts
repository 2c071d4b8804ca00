import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

// Preloaded into a site process (`NODE_OPTIONS=--import …`) by the shutdown tests: the process sends
// itself SIGTERM from inside the write of its `listening on` line, the earliest a supervisor that reads
// the log could send it. The log writes a line to the descriptor at once, or through Node's stream when
// the reader is behind (server/lifecycle/stdout-log.ts): both are watched.

const STDOUT = 1;
const onLine = (chunk: unknown) => {
  if (String(chunk).includes('"msg":"listening on')) process.kill(process.pid, 'SIGTERM');
};

const { stdout } = process;
const write: (chunk: string, callback?: () => void) => boolean = stdout.write.bind(stdout);
stdout.write = ((chunk: string, callback?: () => void) => {
  const written = write(chunk, callback);
  onLine(chunk);
  return written;
}) as typeof stdout.write;

const { writeSync } = fs;
fs.writeSync = ((fd: number, chunk: string, ...rest: never[]) => {
  const written = writeSync(fd, chunk, ...rest);
  if (fd === STDOUT) onLine(chunk);
  return written;
}) as typeof fs.writeSync;
// ES module imports of node:fs see the wrapped function too.
syncBuiltinESMExports();
