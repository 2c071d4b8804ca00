import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageBuildCommand } from '../../scripts/image.ts';
import { ROOT } from '../helpers/site.ts';

// `npm run image` (scripts/image.ts) before it builds: the engine it finds, and the command it runs. The
// command builds the images of the container tests (tests/helpers/containers/site-image.ts).

describe('npm run image', () => {
  it('says what to install when neither Docker nor Podman is there, and builds nothing', () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/image.ts')], {
      cwd: ROOT,
      env: { PATH: '/nonexistent' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Neither Docker (with its daemon running) nor Podman was found');
    expect(run.stdout).toBe('');
  });

  it('asks Podman for the format that keeps the HEALTHCHECK, and sets the labels outright', () => {
    const labels = { SOURCE: 'https://git.example.org/site', VERSION: '1.2.3', REVISION: 'abc', BUILD_ID: '0123' };
    const podman = imageBuildCommand({ engine: '/usr/bin/podman', tag: 'site:1', buildArgs: labels });
    expect(podman.slice(0, 4)).toEqual(['/usr/bin/podman', 'build', '--format', 'docker']);
    expect(podman).toEqual(
      expect.arrayContaining(['--build-arg', 'VERSION=1.2.3', '--label', 'nl.architectenregister.build-id=0123']),
    );
    expect(podman.at(-1)).toBe(ROOT);
    expect(imageBuildCommand({ engine: 'docker', tag: 'site:1' })).toEqual([
      'docker',
      'build',
      '--tag',
      'site:1',
      ROOT,
    ]);
  });
});
