import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

// Preloaded into a process under test (`NODE_OPTIONS=--import …`): writes the URL of every module it
// resolves, imported or required, one a line, to RECORD_MODULES_FILE.

const file = process.env.RECORD_MODULES_FILE;
if (!file) throw new Error('RECORD_MODULES_FILE is not set');

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    appendFileSync(file, `${resolved.url}\n`);
    return resolved;
  },
});
