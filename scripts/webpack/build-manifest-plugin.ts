import webpack from 'webpack';
import type { Compiler } from 'webpack';

export interface BuildManifest {
  mode: 'production' | 'development';
  /** Hash of everything the build wrote (scripts/build-id.ts), stamped in once all three
   *  compilations are done (scripts/finish-build.ts): the same on every replica built from the same
   *  sources. */
  buildId: string;
  /** Public URLs of the browser entry's scripts, for Fizz's bootstrapScripts. */
  scripts: string[];
  /** Public URLs of the global stylesheets. */
  styles: string[];
}

// Client compilation: writes the build manifest (entry scripts, stylesheets) next to
// the server bundles, once every public asset has its final name; the build id is added when the
// server bundles are done too.
export const buildManifestPlugin = ({ filename }: { filename: string }) => ({
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('BuildManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const publicPath = String(compilation.outputOptions.publicPath);
          const filesOf = (chunk: string, extension: string) =>
            [...(compilation.namedChunks.get(chunk)?.files ?? [])]
              .filter((file) => file.endsWith(extension))
              .map((file) => publicPath + file);

          const manifest: Omit<BuildManifest, 'buildId'> = {
            mode: compiler.options.mode === 'development' ? 'development' : 'production',
            scripts: filesOf('main', '.js'),
            styles: filesOf('styles', '.css'),
          };
          compilation.emitAsset(filename, new webpack.sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  },
});
