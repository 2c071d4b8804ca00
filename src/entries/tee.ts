import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';

/**
 * Splits a stream into two that buffer without bound. Two `pipe()`s would deadlock: the inlined
 * payload branch is read only after the shell is ready, and a full buffer there would pause the
 * branch that React is rendering from (docs/architecture.md section 5.5).
 */
export const teeUnbounded = (source: Readable): [PassThrough, PassThrough] => {
  const branches: [PassThrough, PassThrough] = [new PassThrough(), new PassThrough()];
  source.on('data', (chunk: Buffer) => {
    for (const branch of branches) branch.write(chunk);
  });
  source.on('end', () => {
    for (const branch of branches) branch.end();
  });
  source.on('error', (error) => {
    for (const branch of branches) branch.destroy(error);
  });
  return branches;
};
