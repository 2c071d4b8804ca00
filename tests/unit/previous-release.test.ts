import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RELEASES_FILE, keepPreviousRelease } from '../../scripts/webpack/previous-release.ts';

// What webpack's clean step leaves in dist/client: the public files of the release being replaced.

let serverDir: string;
beforeEach(async () => {
  serverDir = await mkdtemp(path.join(tmpdir(), 'releases-'));
});
afterEach(() => rm(serverDir, { recursive: true, force: true }));

describe('keepPreviousRelease', () => {
  it("keeps the current release's files and nothing else", async () => {
    await writeFile(
      path.join(serverDir, RELEASES_FILE),
      JSON.stringify({
        current: { buildId: '0123456789abcdef', files: ['main.1a.js', 'hydrate.2b.js', 'styles.3c.css'] },
      }),
    );
    const keep = keepPreviousRelease(serverDir);
    expect(['main.1a.js', 'hydrate.2b.js', 'styles.3c.css'].every(keep)).toBe(true);
    expect(keep('main.0f.js')).toBe(false);
    expect(keep('main.1a.js.map')).toBe(false);
  });

  it('keeps nothing of a development build (npm run dev), which no CDN has served', async () => {
    await writeFile(
      path.join(serverDir, RELEASES_FILE),
      JSON.stringify({ current: { buildId: '0123456789abcdef', mode: 'development', files: ['main.1a.js'] } }),
    );
    expect(keepPreviousRelease(serverDir)('main.1a.js')).toBe(false);
  });

  it('keeps nothing after a first build or a broken list', async () => {
    expect(keepPreviousRelease(serverDir)('main.1a.js')).toBe(false);
    await writeFile(path.join(serverDir, RELEASES_FILE), '{"current":');
    expect(keepPreviousRelease(serverDir)('main.1a.js')).toBe(false);
  });
});
