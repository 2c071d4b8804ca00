import { writeSync } from 'node:fs';
import type { DestinationStream } from 'pino';

// The log's lines on standard output. While nothing waits, a line is written at once, in one system call
// (a pipe or socket is non-blocking: a full one takes part of the line or none); what it does not take,
// and every line after it until the queue is empty, goes through Node's own stream, where lines wait in
// memory while the reader is behind. Not pino's default destination: at exit it writes what is left
// synchronously and retries a failed write every 100 ms for as long as it fails, which is for ever once
// the reader has gone (a log shipper's pipe that died, a closed terminal), and it keeps the process from
// ending while the reader does not read. Nor Node's stream alone: its bookkeeping costs more per line
// than the write itself, on every request's access line.
// A failed write (EPIPE: the reader has gone; EBADF: the descriptor was closed) ends the output for good:
// the lines still waiting and all later ones are dropped, since nothing can read them any more.

const STDOUT = 1;

let output: DestinationStream | undefined;
let ended = false;

const writeNow = (line: string): void => {
  let written: number;
  try {
    written = writeSync(STDOUT, line);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'EPIPE' || code === 'EBADF') ended = true;
    else process.stdout.write(line);
    return;
  }
  if (written < Buffer.byteLength(line)) process.stdout.write(Buffer.from(line).subarray(written));
};

export const stdoutLog = (): DestinationStream => {
  if (!output) {
    process.stdout.on('error', () => {
      ended = true;
    });
    output = {
      write: (line: string) => {
        if (ended) return;
        if (process.stdout.writableLength === 0) writeNow(line);
        else process.stdout.write(line);
      },
    };
  }
  return output;
};

/**
 * Resolves once every line written so far has left the process, or at once when the output has ended,
 * or after `limitMs` when the reader is behind (it may never read again).
 */
export const stdoutLogWritten = (limitMs: number): Promise<void> =>
  new Promise((resolve) => {
    if (ended || process.stdout.writableLength === 0) return resolve();
    const limit = setTimeout(resolve, limitMs);
    // Called after the lines before it, or with the error that ended the output.
    process.stdout.write('', () => {
      clearTimeout(limit);
      resolve();
    });
  });
