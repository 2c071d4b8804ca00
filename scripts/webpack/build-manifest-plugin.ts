import { createHash } from 'node:crypto';
import webpack from 'webpack';
import type { Compiler } from 'webpack';

export interface BuildManifest {
  mode: 'production' | 'development';
  /** Hash of the public client output: the same on every replica built from the same sources. */
  buildId: string;
  /** Public URLs of the browser entry's scripts, for Fizz's bootstrapScripts. */
  scripts: string[];
  /** Public URLs of the global stylesheets. */
  styles: string[];
}

// Client compilation: writes the build manifest (build id, entry scripts, stylesheets) next to the
// server bundles, once every public asset has its final content.
export const buildManifestPlugin = (filename: string) => ({
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('BuildManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const publicPath = String(compilation.outputOptions.publicPath);
          const filesOf = (entry: string, extension: string) =>
            [...(compilation.entrypoints.get(entry)?.getFiles() ?? [])]
              .filter((file) => file.endsWith(extension))
              .map((file) => publicPath + file);

          // Only what browsers download counts; the manifests written beside the server bundles
          // contain absolute build paths that differ between machines.
          const hash = createHash('sha256');
          const publicAssets = compilation
            .getAssets()
            .filter((asset) => !asset.name.startsWith('../'))
            .sort((a, b) => a.name.localeCompare(b.name));
          for (const asset of publicAssets) hash.update(asset.name).update('\0').update(asset.source.buffer());

          const manifest: BuildManifest = {
            mode: compiler.options.mode === 'development' ? 'development' : 'production',
            buildId: hash.digest('hex').slice(0, 16),
            scripts: filesOf('main', '.js'),
            styles: filesOf('styles', '.css'),
          };
          compilation.emitAsset(filename, new webpack.sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  },
});
