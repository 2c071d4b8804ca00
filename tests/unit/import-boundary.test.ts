import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The one-way split: src/ is what webpack bundles (components, the RSC and SSR entries and their
// request context, the CMS client), server/ is what Node runs around the bundles, scripts/ builds them.
// src/ imports none of them; server/ imports of src/ only src/common/, the modules both sides run and the
// contract between them (src/common/contract.ts), which holds types only.

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUTSIDE_SRC = ['server', 'sample-cms', 'scripts', 'tests'];
const COMMON = 'src/common/';
const CONTRACT = 'src/common/contract.ts';

/** The TypeScript files under `folder`, as paths from the root. */
const sources = async (folder: string): Promise<string[]> =>
  (await readdir(path.join(ROOT, folder), { recursive: true }))
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));

/**
 * `file: specifier` for each import of the file (static, type-only, re-exported or dynamic) that
 * resolves into one of `folders`, src/common/ excepted.
 */
const importsInto = (folders: string[], file: string, text: string): string[] =>
  ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((specifier) => {
      if (!specifier.startsWith('.')) return false;
      const target = path.relative(ROOT, path.resolve(path.dirname(file), specifier));
      return !target.startsWith(COMMON) && folders.some((folder) => target.startsWith(`${folder}/`));
    })
    .map((specifier) => `${path.relative(ROOT, file)}: ${specifier}`);

/** The top-level statements of a module that are more than types: what Node would have to run. */
const valueStatements = (text: string): string[] =>
  ts
    .createSourceFile('contract.ts', text, ts.ScriptTarget.Latest, true)
    .statements.filter(
      (statement) =>
        !ts.isInterfaceDeclaration(statement) &&
        !ts.isTypeAliasDeclaration(statement) &&
        !(ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) &&
        !(ts.isExportDeclaration(statement) && statement.isTypeOnly),
    )
    .map((statement) => statement.getText());

describe('the import boundary', () => {
  it('src/ imports nothing from server/, sample-cms/, scripts/ or tests/', async () => {
    const crossings = await Promise.all(
      (await sources('src')).map(async (file) =>
        importsInto(OUTSIDE_SRC, path.join(ROOT, file), await readFile(path.join(ROOT, file), 'utf8')),
      ),
    );
    expect(crossings.flat()).toEqual([]);
  });

  it('server/ imports of src/ only src/common/', async () => {
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
    const host = [
      "import type { a } from '../../src/common/contract.ts';",
      "import { b } from '../../src/common/routes.ts';",
      "import { c } from '../../src/cms/create-cms.ts';",
    ];
    expect(importsInto(['src'], path.join(ROOT, 'server/render/example.ts'), host.join('\n'))).toEqual([
      'server/render/example.ts: ../../src/cms/create-cms.ts',
    ]);
  });

  it('the contract declares types only', async () => {
    expect(valueStatements(await readFile(path.join(ROOT, CONTRACT), 'utf8'))).toEqual([]);
  });

  it('sees a value in the contract', () => {
    const text = [
      "import type { A } from './a.ts';",
      'export interface B { a: A }',
      'export type C = B;',
      "export const D = '/d';",
      "export { e } from './e.ts';",
    ].join('\n');
    expect(valueStatements(text)).toEqual(["export const D = '/d';", "export { e } from './e.ts';"]);
  });
});
