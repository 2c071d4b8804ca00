// Preloaded into a site process (`NODE_OPTIONS=--import …`) by the shutdown tests: the process sends
// itself SIGTERM from inside the write of its `listening on` line, the earliest a supervisor that reads
// the log could send it.

const { stdout } = process;
// The log writes a line, or nothing with a callback (server/lifecycle/stdout-log.ts).
const write: (chunk: string, callback?: () => void) => boolean = stdout.write.bind(stdout);
stdout.write = ((chunk: string, callback?: () => void) => {
  const written = write(chunk, callback);
  if (chunk.includes('"msg":"listening on')) process.kill(process.pid, 'SIGTERM');
  return written;
}) as typeof stdout.write;
