import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

// What the running server loads: the modules reachable from server/main.ts, each as the build compiles it
// (scripts/build-server.ts), and the packages they import by name. The imports are those of the compiled
// JavaScript, found by TypeScript's own scanner: an `import type` is gone from it, an import in a comment
// is no import, and a dynamic import() counts. The browser and the React bundles need none of
// node_modules (webpack bundled React, jotai, lottie and the catalogs into dist/); `bundlePackages` names
// what a server bundle requires from outside itself. package.json's `dependencies` are exactly these
// packages (tests/unit/runtime-files.test.ts), which `npm ci --omit=dev` installs in the image.

/** How the build turns a module into JavaScript: types removed, `.ts` imports become `.js`. */
const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2024,
  module: ts.ModuleKind.ESNext,
  verbatimModuleSyntax: true,
  rewriteRelativeImportExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** `module` (a path relative to the checkout) as JavaScript. */
const compile = (module: string, source: string): string =>
  ts.transpileModule(source, { compilerOptions: COMPILER_OPTIONS, fileName: module }).outputText;

/** The import, export-from and require specifiers of JavaScript `code`, and whether each is an import(). */
export const importsOf = (code: string): Array<{ specifier: string; dynamic: boolean }> =>
  ts.preProcessFile(code, true, true).importedFiles.map(({ fileName, pos }) => ({
    specifier: fileName,
    // The scanner reports where the specifier's string starts; `import(` just before it is a dynamic import.
    dynamic: /\bimport\s*\(\s*$/.test(code.slice(Math.max(0, pos - 40), pos)),
  }));

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`; null for Node's own modules. */
const packageName = (specifier: string): string | null =>
  isBuiltin(specifier)
    ? null
    : specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');

/** The packages `specifiers` name (not Node's own modules), sorted. */
const packagesOf = (specifiers: Iterable<string>): string[] =>
  [...new Set([...specifiers].map(packageName).filter((name) => name !== null))].sort();

/** The source module a compiled relative import names: `./x.js` was written `./x.ts` or `./x.tsx`. */
const sourceOf = (file: string): string =>
  [file.replace(/\.js$/, '.ts'), file.replace(/\.js$/, '.tsx')].find((candidate) => existsSync(candidate)) ?? file;

export interface ServerModules {
  /** Each module (relative to the checkout) with its compiled JavaScript. */
  modules: Map<string, string>;
  /** The packages they import, sorted. */
  packages: string[];
}

/**
 * The modules `entry` reaches and the packages they import. `leaveOut`: modules not followed, with what
 * only they import (the image's sample CMS), reached by dynamic imports only: a static one would fail
 * the whole server without them, so it is an error.
 */
export const serverModules = (
  root: string,
  entry = 'server/main.ts',
  leaveOut: (module: string) => boolean = () => false,
): ServerModules => {
  const modules = new Map<string, string>();
  const specifiers = new Set<string>();
  const visit = (module: string) => {
    if (modules.has(module) || leaveOut(module)) return;
    const code = compile(module, readFileSync(path.join(root, module), 'utf8'));
    modules.set(module, code);
    for (const { specifier, dynamic } of importsOf(code)) {
      if (!specifier.startsWith('.')) {
        specifiers.add(specifier);
        continue;
      }
      const target = path.relative(root, sourceOf(path.resolve(root, path.dirname(module), specifier)));
      if (!dynamic && leaveOut(target))
        throw new Error(`${module} imports ${target}, which the runtime leaves out, statically`);
      visit(target);
    }
  };
  visit(entry);
  return { modules, packages: packagesOf(specifiers) };
};

/** The packages a server bundle (dist/server/*.cjs) requires from outside itself: webpack's externals. */
export const bundlePackages = (bundle: string): string[] =>
  packagesOf(importsOf(bundle).map(({ specifier }) => specifier));
