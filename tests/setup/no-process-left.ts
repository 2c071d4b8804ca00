import { killLeftovers, leftoverProcesses, resetProcessRegistry } from '../helpers/processes.ts';

// Global setup of the vitest run: a fresh process registry at the start; at the end, a site or
// redis-server still alive (a worker that died before its clean-up) fails the run, named with the file
// that started it, and is killed.

export default function setup(): () => void {
  resetProcessRegistry();
  return () => {
    const leftovers = leftoverProcesses();
    if (leftovers.length === 0) return;
    console.error(['\nProcesses left running by the tests:', ...killLeftovers(leftovers)].join('\n'));
    process.exitCode = 1;
  };
}
