import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUILD_FILES } from '../../server/render/bundles.ts';
import { isSampleCms } from '../../scripts/assemble-runtime.ts';
import { bundlePackages, serverModules } from '../../scripts/runtime-files.ts';

// The production runtime set (what the container image holds, scripts/assemble-runtime.ts): the modules
// server/main.ts reaches and the packages they load, without the sample CMS, which the server reaches only
// by a dynamic import when no CMS is configured. A static import of it would be a module the image lacks.
// The image's node_modules is `npm ci --omit=dev`: a package the server or a server bundle loads that is
// a development dependency would be missing there, so package.json's `dependencies` are checked here
// against the imports of the compiled server and the bundles' externals (of the last `npm run build`).

const ROOT = path.resolve(import.meta.dirname, '../..');
const SAMPLE_CMS_LIBRARIES = ['@jsquash/webp', '@resvg/resvg-js', 'jpeg-js'];
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** What the server bundles of the last build require from outside themselves. */
const bundlesPackages = () =>
  [SERVER_BUILD_FILES.rsc, SERVER_BUILD_FILES.ssr].flatMap((file) => {
    const bundle = path.join(ROOT, 'dist/server', file);
    if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first`);
    return bundlePackages(readFileSync(bundle, 'utf8'));
  });

describe("the server's runtime set", () => {
  /** The image's set, and the one `npm run build` compiles (with the sample CMS). */
  const runtime = serverModules(ROOT, 'server/main.ts', isSampleCms);
  const everything = serverModules(ROOT);

  it('holds nothing of the sample CMS, nor its image libraries', () => {
    expect([...runtime.modules.keys()]).toContain('server/content-source.ts');
    expect([...runtime.modules.keys()].filter(isSampleCms)).toEqual([]);
    for (const library of SAMPLE_CMS_LIBRARIES) expect(runtime.packages).not.toContain(library);
  });

  it("is package.json's dependencies, exactly: what the compiled server and its bundles load", () => {
    const loaded = [...new Set([...runtime.packages, ...bundlesPackages()])].sort();
    expect(Object.keys(manifest.dependencies).sort()).toEqual(loaded);
  });

  it('leaves what only the sample CMS loads to the development dependencies', () => {
    const sampleCmsOnly = everything.packages.filter((name) => !runtime.packages.includes(name));
    expect(sampleCmsOnly).toEqual(SAMPLE_CMS_LIBRARIES);
    for (const library of sampleCmsOnly) expect(manifest.devDependencies).toHaveProperty([library]);
  });

  it('reaches the sample CMS by its dynamic import when nothing is left out (the build compiles it)', () => {
    expect([...everything.modules.keys()]).toContain('sample-cms/service.ts');
    expect([...everything.modules.keys()]).toContain('sample-cms/register/search.ts');
  });
});

describe("a server bundle's externals", () => {
  it('are the packages it requires, not Node’s own modules nor its bundled ones', () => {
    const bundle = [
      '/******/ var __webpack_modules__ = { 12: (module) => { module.exports = require("pino"); },',
      '13: (module) => { module.exports = require("node:fs"); }, 14: (module) => { module.exports = require("stream"); },',
      '15: (module, exports, __webpack_require__) => { const x = __webpack_require__(16); /* require("ghost") */ },',
      '17: (module) => { module.exports = require("@opentelemetry/api/build/src/index.js"); } };',
    ].join('\n');
    expect(bundlePackages(bundle)).toEqual(['@opentelemetry/api', 'pino']);
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
    expect([...serverModules(root, 'server/main.ts', isSampleCms).modules.keys()].sort()).toEqual([
      'server/lazy.ts',
      'server/main.ts',
      'server/types.ts',
    ]);
  });

  it('is not reached by an import in a comment, nor is a package named there', async () => {
    await write(
      'server/main.ts',
      "// import { start } from '../sample-cms/service.ts';\n/* const load = () => import('./eager.ts'); */\n" +
        "// import pino from 'pino';\nexport const main = 1;\n",
    );
    const { modules, packages } = serverModules(root, 'server/main.ts', isSampleCms);
    expect([...modules.keys()]).toEqual(['server/main.ts']);
    expect(packages).toEqual([]);
  });

  it('stops the runtime set when imported statically, naming the import', async () => {
    await write('server/main.ts', "import './lazy.ts';\nimport { run } from './eager.ts';\nrun();\n");
    expect(() => serverModules(root, 'server/main.ts', isSampleCms)).toThrow(
      'server/eager.ts imports sample-cms/service.ts, which the runtime leaves out, statically',
    );
  });
});
