import { transform } from 'lightningcss';
import webpack from 'webpack';
import type { Compiler } from 'webpack';

// Production stylesheets minified by Lightning CSS: the stylesheet blocks the first paint, so every
// byte of comment and whitespace it carries is waited for on a slow connection. Only minification:
// no browser targets, so the CSS as written reaches the browser unchanged otherwise. The source map
// follows the minified text back to the source files.

export const minifyCssPlugin = () => ({
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('MinifyCssPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // With the scripts' minification, before the source maps and the content hashes.
        { name: 'MinifyCssPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.css')) continue;
            const { source, map } = compilation.getAsset(name)!.source.sourceAndMap();
            const result = transform({
              filename: name,
              code: Buffer.from(source),
              minify: true,
              sourceMap: map !== null,
              ...(map ? { inputSourceMap: JSON.stringify(map) } : {}),
            });
            const code = result.code.toString();
            compilation.updateAsset(
              name,
              result.map
                ? new webpack.sources.SourceMapSource(code, name, result.map.toString())
                : new webpack.sources.RawSource(code),
            );
          }
        },
      );
    });
  },
});
