import webpack from 'webpack';
import type { Compiler } from 'webpack';

// Chromium's explicit compile hint (`//# allFunctionsCalledOnLoad` as a script's first line): the
// functions of the chunk that starts the page, React's included, are compiled on the thread that
// streams the script in, not one by one on the main thread the first time each is called while the
// page starts. Only that chunk: it runs on every page at once, whereas one loaded later may never run
// in full.
// Browsers that do not know the comment ignore it.

const HINT = '//# allFunctionsCalledOnLoad\n';

export const compileHintsPlugin = (chunk: string) => ({
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification (which drops comments), before source maps and the content hashes.
        { name: 'CompileHintsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const file of compilation.namedChunks.get(chunk)?.files ?? []) {
            if (!file.endsWith('.js')) continue;
            compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(HINT, source));
          }
        },
      );
    });
  },
});
