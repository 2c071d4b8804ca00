import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import type { Stats } from 'webpack';
import { describe, expect, it } from 'vitest';
import { createWebpackConfig } from '../../webpack.config.ts';
import { ROOT } from '../helpers/site.ts';

// The client and SSR compilations of the real configuration, built from one entry that imports
// server-only code.
const compile = (name: 'client' | 'ssr') =>
  new Promise<Stats>((resolve, reject) => {
    const config = createWebpackConfig('production').find((candidate) => candidate.name === name)!;
    const compiler = webpack({
      ...config,
      dependencies: [],
      entry: path.join(ROOT, 'tests/fixtures/client-imports-server-code.tsx'),
      output: { path: path.join(os.tmpdir(), `server-only-boundary-${name}`) },
      plugins: [],
      optimization: { minimize: false },
    });
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) reject(error ?? new Error('no stats'));
      else resolve(stats);
    });
  });

describe('server-only modules', () => {
  it.each(['client', 'ssr'] as const)('cannot be bundled by the %s compilation', async (name) => {
    const stats = await compile(name);
    expect(stats.hasErrors()).toBe(true);
    const errors = stats.toJson({ all: false, errors: true, errorDetails: true }).errors ?? [];
    expect(errors.map((error) => error.message).join('\n')).toContain('"server-only" is imported from client code');
  });
});
