import { afterAll, expect } from 'vitest';
import { killLeftovers, leftoverProcesses, setProcessOwner } from '../helpers/processes.ts';
import { openSites } from '../helpers/open-sites.ts';

// Runs around every test file: processes it starts are registered in its name, and any it has not
// stopped by the end of its own afterAll hooks (these run last) fails the file and is killed; a site
// it opened in its own process and left open fails it too, and is closed.

setProcessOwner(expect.getState().testPath ?? 'unknown');

afterAll(async () => {
  const unclosed = [...openSites];
  await Promise.all(unclosed.map((site) => site.stop()));
  if (unclosed.length > 0)
    throw new Error(`Still open after the test file ended: ${unclosed.map((site) => site.url).join(', ')}`);
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
