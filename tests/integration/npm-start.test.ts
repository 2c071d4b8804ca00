import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILED_SERVER_ENTRY } from '../../scripts/build-server.ts';
import { NODE_ENVIRONMENT, NODE_FLAGS } from '../../server/config/memory-settings.ts';
import { startProcess, waitForLine } from '../helpers/processes.ts';
import type { TrackedProcess } from '../helpers/processes.ts';
import { ROOT, get } from '../helpers/site.ts';

// `npm start` as package.json runs it, on the build `npm test` made: the script becomes the compiled
// server in the same process (signals reach the server), and no TypeScript module is left in it.

let start: TrackedProcess;
let url: string;

beforeAll(async () => {
  start = startProcess(process.execPath, [...NODE_FLAGS, 'scripts/start.ts'], {
    name: 'npm-start',
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DRAIN_DELAY_MS: '0' },
  });
  const port = await waitForLine(
    start,
    'npm start',
    (line) => (line.includes('"msg":"listening on') ? /"port":(\d+)/.exec(line)?.[1] : undefined),
    60_000,
  );
  url = `http://127.0.0.1:${port}`;
}, 90_000);

afterAll(async () => {
  await start?.stop();
});

describe('npm start', () => {
  it('becomes the compiled server, with the Node flags and environment of the image, in the same process', () => {
    const commandLine = readFileSync(`/proc/${start.child.pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toEqual(expect.arrayContaining([...NODE_FLAGS, path.join(ROOT, COMPILED_SERVER_ENTRY)]));
    const environment = readFileSync(`/proc/${start.child.pid}/environ`, 'utf8').split('\0');
    for (const [name, value] of Object.entries(NODE_ENVIRONMENT)) expect(environment).toContain(`${name}=${value}`);
    expect(start.logs.some((line) => line.includes('Building the site first'))).toBe(false);
  });

  it('serves the site, and says nothing of the experimental feature that started it', async () => {
    expect((await get(`${url}/`)).status).toBe(200);
    expect((await get(`${url}/en`)).status).toBe(200);
    expect(start.logs.filter((line) => /Warning|"level":"(error|fatal)"/.test(line))).toEqual([]);
  });

  it('stops with exit code 1 when the configuration has problems, naming each on stderr', async () => {
    const refused = startProcess(process.execPath, [...NODE_FLAGS, 'scripts/start.ts'], {
      name: 'npm-start-misconfigured',
      env: { PATH: process.env.PATH, PORT: ' ', PAGE_CACHE_MB: '-1', RATE_LIMIT_FORMS_PER_HOUR: '2.5' },
      stdout: 'pipe',
    });
    let stdout = '';
    refused.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    expect(await refused.exited).toBe(1);
    expect(stdout).toBe('');
    expect(refused.logs).toEqual([
      'Invalid configuration: PAGE_CACHE_MB must be a number of megabytes (0 turns the cache off) (got "-1")',
      'Invalid configuration: RATE_LIMIT_FORMS_PER_HOUR must be a whole number of form posts per hour (0: no limit) (got "2.5")',
    ]);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    expect(await start.stop('SIGTERM')).toBe(0);
  });
});
