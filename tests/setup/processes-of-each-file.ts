import { afterAll, expect } from 'vitest';
import { killLeftovers, leftoverProcesses, setProcessOwner } from '../helpers/processes.ts';

// Runs around every test file: processes it starts are registered in its name, and any it has not
// stopped by the end of its own afterAll hooks (these run last) fails the file and is killed.

setProcessOwner(expect.getState().testPath ?? 'unknown');

afterAll(() => {
  const leftovers = leftoverProcesses(expect.getState().testPath);
  if (leftovers.length > 0) {
    throw new Error(
      [
        'Still running after the test file ended: stop what a test starts in afterAll or finally.',
        ...killLeftovers(leftovers),
      ].join('\n'),
    );
  }
});
