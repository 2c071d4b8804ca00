import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The one-way split: src/ is what webpack bundles (components, the RSC and SSR entries and their
// request context, the CMS client, the contract of src/render/contract.ts), server/ is what Node runs
// around the bundles, scripts/ builds them. src/ imports none of them; server/ imports of src/ only the
// contract, which names everything the host uses of this side.

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUTSIDE_SRC = ['server', 'sample-cms', 'scripts', 'tests'];
const CONTRACT = 'src/render/contract.ts';

/** The TypeScript files under `folder`, as paths from the root. */
const sources = async (folder: string): Promise<string[]> =>
  (await readdir(path.join(ROOT, folder), { recursive: true }))
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));

/**
 * `file: specifier` for each import of the file (static, type-only, re-exported or dynamic) that
 * resolves into one of `folders`, the contract (src/render/contract.ts) excepted.
 */
const importsInto = (folders: string[], file: string, text: string): string[] =>
  ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((specifier) => {
      if (!specifier.startsWith('.')) return false;
      const target = path.relative(ROOT, path.resolve(path.dirname(file), specifier));
      return target !== CONTRACT && folders.some((folder) => target.startsWith(`${folder}/`));
    })
    .map((specifier) => `${path.relative(ROOT, file)}: ${specifier}`);

describe('the import boundary', () => {
  it('src/ imports nothing from server/, sample-cms/, scripts/ or tests/', async () => {
    const crossings = await Promise.all(
      (await sources('src')).map(async (file) =>
        importsInto(OUTSIDE_SRC, path.join(ROOT, file), await readFile(path.join(ROOT, file), 'utf8')),
      ),
    );
    expect(crossings.flat()).toEqual([]);
  });

  it('server/ imports of src/ only the contract', async () => {
    const crossings = await Promise.all(
      (await sources('server')).map(async (file) =>
        importsInto(['src'], path.join(ROOT, file), await readFile(path.join(ROOT, file), 'utf8')),
      ),
    );
    expect(crossings.flat()).toEqual([]);
  });

  it('sees an import across the line in every form', () => {
    const text = [
      "import { a } from '../../server/app.ts';",
      "import type { B } from '../../server/render/page-handler.ts';",
      "export { c } from '../../scripts/build-id.ts';",
      "const d = await import('../../tests/helpers/site.ts');",
      "import { e } from '../routes.ts';",
      "import { f } from 'react';",
    ].join('\n');
    expect(importsInto(OUTSIDE_SRC, path.join(ROOT, 'src/render/example.ts'), text)).toEqual([
      'src/render/example.ts: ../../server/app.ts',
      'src/render/example.ts: ../../server/render/page-handler.ts',
      'src/render/example.ts: ../../scripts/build-id.ts',
      'src/render/example.ts: ../../tests/helpers/site.ts',
    ]);
    const host = ["import { a } from '../../src/render/contract.ts';", "import { b } from '../../src/routes.ts';"];
    expect(importsInto(['src'], path.join(ROOT, 'server/render/example.ts'), host.join('\n'))).toEqual([
      'server/render/example.ts: ../../src/routes.ts',
    ]);
  });
});
