import { startProcess, waitForLine } from '../../tests/helpers/processes.ts';

/** A process of the bench, once it has printed the line that says it is ready (what `ready` matches in it). */
export const startReady = async (name: string, args: string[], env: Record<string, string>, ready: RegExp) => {
  const started = startProcess(process.execPath, args, { name, env: { PATH: process.env.PATH, ...env } });
  return { process: started, match: await waitForLine(started, name, (line) => ready.exec(line) ?? undefined) };
};
