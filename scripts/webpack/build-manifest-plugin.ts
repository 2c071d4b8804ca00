import webpack from 'webpack';
import type { Compiler } from 'webpack';
import type { BuildManifest } from '../../src/common/contract.ts';
import { libraryStyleHashes } from './library-style-hashes.ts';

// Client compilation: writes the build manifest (entry scripts, stylesheets, the hashes of the styles
// client libraries insert) next to
// the server bundles, once every public asset has its final name; the build id is added when the
// server bundles are done too.
export const buildManifestPlugin = ({ filename }: { filename: string }) => ({
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('BuildManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'BuildManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const publicPath = String(compilation.outputOptions.publicPath);
          const filesOf = (chunk: string, extension: string) =>
            [...(compilation.namedChunks.get(chunk)?.files ?? [])]
              .filter((file) => file.endsWith(extension))
              .map((file) => publicPath + file);

          const manifest: Omit<BuildManifest, 'buildId'> = {
            mode: compiler.options.mode === 'development' ? 'development' : 'production',
            scripts: filesOf('main', '.js'),
            styles: filesOf('styles', '.css'),
            libraryStyleHashes: await libraryStyleHashes(),
          };
          compilation.emitAsset(filename, new webpack.sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  },
});
