import { readFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSampleCms } from '../../scripts/assemble-runtime.ts';
import { runtimeFiles } from '../../scripts/runtime-files.ts';

// The production runtime set (what the container image holds, scripts/assemble-runtime.ts): the modules
// server/main.ts reaches and the packages they load, without the sample CMS, which the server reaches only
// by a dynamic import when no CMS is configured. A static import of it would be a module the image lacks.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SAMPLE_CMS_LIBRARIES = ['@resvg/resvg-js', 'jpeg-js', '@jsquash/webp'];
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
/** The packages package.json declares among `folders` (node_modules/<name>). */
const declaredIn = (folders: string[], section: Record<string, string>) =>
  Object.keys(section).filter((name) => folders.includes(`node_modules/${name}`));

describe("the server's runtime set", () => {
  it('holds nothing of the sample CMS, nor its image libraries', () => {
    const { modules, packages } = runtimeFiles(ROOT, 'server/main.ts', isSampleCms);
    expect(modules).toContain('server/content-source.ts');
    expect(modules.filter(isSampleCms)).toEqual([]);
    for (const library of SAMPLE_CMS_LIBRARIES) expect(packages).not.toContain(`node_modules/${library}`);
  });

  it('loads runtime dependencies only; what only the sample CMS loads is a development dependency', () => {
    const runtime = runtimeFiles(ROOT, 'server/main.ts', isSampleCms).packages;
    expect(declaredIn(runtime, manifest.devDependencies)).toEqual([]);
    const sampleCmsOnly = runtimeFiles(ROOT).packages.filter((folder) => !runtime.includes(folder));
    expect(declaredIn(sampleCmsOnly, manifest.dependencies)).toEqual([]);
    expect(declaredIn(sampleCmsOnly, manifest.devDependencies).sort()).toEqual([...SAMPLE_CMS_LIBRARIES].sort());
  });

  it('reaches the sample CMS by its dynamic import when nothing is left out (the build compiles it)', () => {
    const { modules, packages } = runtimeFiles(ROOT);
    expect(modules).toContain('sample-cms/service.ts');
    expect(modules).toContain('sample-cms/register/search.ts');
    expect(packages).toContain('node_modules/jpeg-js');
  });
});

describe('a module left out of the runtime set', () => {
  let root: string;
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'runtime-files-'));
    await write('sample-cms/service.ts', 'export const start = () => 1;\n');
    await write(
      'server/types.ts',
      "import type { start } from '../sample-cms/service.ts';\nexport type S = typeof start;\n",
    );
    await write('server/lazy.ts', "export const load = () => import('../sample-cms/service.ts');\n");
    await write('server/eager.ts', "import { start } from '../sample-cms/service.ts';\nexport const run = start;\n");
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('may be imported for its types or dynamically', async () => {
    await write('server/main.ts', "import './types.ts';\nimport './lazy.ts';\n");
    expect(runtimeFiles(root, 'server/main.ts', isSampleCms).modules).toEqual([
      'server/lazy.ts',
      'server/main.ts',
      'server/types.ts',
    ]);
  });

  it('stops the runtime set when imported statically, naming the import', async () => {
    await write('server/main.ts', "import './lazy.ts';\nimport { run } from './eager.ts';\nrun();\n");
    expect(() => runtimeFiles(root, 'server/main.ts', isSampleCms)).toThrow(
      'server/eager.ts imports sample-cms/service.ts, which the runtime leaves out, statically',
    );
  });
});
