import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

// What the running server reads: the TypeScript modules reachable from server/main.ts and the
// packages they load, with those packages' own dependencies. The browser and the React bundles need
// none of node_modules (webpack bundled React, jotai, lottie and the catalogs into dist/), so a package
// only the bundles use is not here. Used by scripts/assemble-runtime.ts, which the Dockerfile runs.

/** Import and require specifiers of a module's source; type-only imports are left out (erased at run time). */
const STATIC_IMPORTS = [
  /^\s*import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
  /^\s*export\s+(?!type\s)[^'";]*?\sfrom\s+['"]([^'"]+)['"]/gm,
  /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
];
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const BUILTINS = new Set(builtinModules);

const specifiersOf = (source: string): Array<{ specifier: string; dynamic: boolean }> => [
  ...STATIC_IMPORTS.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => ({ specifier: match[1]!, dynamic: false })),
  ),
  ...[...source.matchAll(DYNAMIC_IMPORT)].map((match) => ({ specifier: match[1]!, dynamic: true })),
];

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The server's modules (paths relative to `root`) and the packages they import by name. A module left
 * out may be reached by a dynamic import only: a static one would fail the whole server without it.
 */
const serverModules = (root: string, entry: string, leaveOut: (module: string) => boolean) => {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    const relative = path.relative(root, file);
    if (modules.has(relative) || leaveOut(relative)) return;
    modules.add(relative);
    for (const { specifier, dynamic } of specifiersOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) {
        if (!specifier.startsWith('node:') && !BUILTINS.has(specifier)) packages.add(packageName(specifier));
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier);
      if (!dynamic && leaveOut(path.relative(root, target)))
        throw new Error(`${relative} imports ${path.relative(root, target)}, which the runtime leaves out, statically`);
      visit(target);
    }
  };
  visit(path.join(root, entry));
  return { modules, packages };
};

/** Where Node finds package `name` from `fromDir`: the nearest node_modules up to `root`. */
const packageDir = (root: string, fromDir: string, name: string): string | null => {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || !dir.startsWith(root)) return null;
  }
};

/** The folders (relative to `root`) of `names` and of everything they depend on. */
const packageClosure = (root: string, names: Iterable<string>): Set<string> => {
  const dirs = new Set<string>();
  const visit = (fromDir: string, name: string, optional: boolean) => {
    const dir = packageDir(root, fromDir, name);
    if (!dir) {
      // A platform's optional build (of @resvg/resvg-js, say) is installed only on that platform.
      if (optional) return;
      throw new Error(`${name} is needed at run time but not installed (run npm ci)`);
    }
    const relative = path.relative(root, dir);
    if (dirs.has(relative)) return;
    dirs.add(relative);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dir, dependency, false);
    for (const dependency of Object.keys({ ...manifest.optionalDependencies, ...manifest.peerDependencies }))
      visit(dir, dependency, true);
  };
  for (const name of names) visit(root, name, false);
  return dirs;
};

export interface RuntimeFiles {
  /** TypeScript modules of the server and of src/ that it imports. */
  modules: string[];
  /** Package folders under node_modules/. */
  packages: string[];
}

/** `leaveOut`: modules not followed, with what only they import (the image's sample CMS), reached by
 *  dynamic imports only (otherwise an error). */
export const runtimeFiles = (
  root: string,
  entry = 'server/main.ts',
  leaveOut: (module: string) => boolean = () => false,
): RuntimeFiles => {
  const { modules, packages } = serverModules(root, entry, leaveOut);
  return { modules: [...modules].sort(), packages: [...packageClosure(root, packages)].sort() };
};
