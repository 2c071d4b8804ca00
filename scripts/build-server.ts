import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// The server's modules as JavaScript in dist/node/, laid out as in the checkout (dist/node/server/main.js
// beside dist/node/src/…). `npm start` and the container image run these: a process that loads .ts files
// keeps Node's TypeScript stripper (a WebAssembly module) resident, about 30 MB of the server's memory.
// Only the types are removed and `.ts` imports become `.js` (the modules use erasable syntax only);
// `npm run typecheck` checks the types, and the tests run the .ts sources themselves.

export const SERVER_OUTPUT = 'dist/node';
/** The compiled entry, relative to the checkout. */
export const COMPILED_SERVER_ENTRY = `${SERVER_OUTPUT}/server/main.js`;

/** The JavaScript file a module of the checkout becomes, relative to the checkout. */
export const compiledPath = (module: string): string => path.join(SERVER_OUTPUT, module.replace(/\.tsx?$/, '.js'));

/** Writes dist/node/ anew; returns the modules it compiled (relative to `root`), the build's inputs. */
export const buildServer = async (root: string): Promise<string[]> => {
  // Loaded here: `npm start` reads this module's paths and needs no compiler (scripts/runtime-files.ts uses it).
  const { serverModules } = await import('./runtime-files.ts');
  const { modules } = serverModules(root);
  await rm(path.join(root, SERVER_OUTPUT), { recursive: true, force: true });
  await Promise.all(
    [...modules].map(async ([module, code]) => {
      const target = path.join(root, compiledPath(module));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, code);
    }),
  );
  return [...modules.keys()].sort();
};
