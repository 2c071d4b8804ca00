import webpack from 'webpack';
import type { Chunk, ChunkGroup, Compilation, Compiler, Module } from 'webpack';

// Finishes the Flight plugin's client manifest, which maps each client reference to the chunks the
// browser loads before requiring it:
// - One choice of chunks per reference, the same in every build. The Flight plugin walks all chunk
//   groups and keeps the last one holding the module; their order follows the order in which webpack
//   finished resolving modules, so a module in two groups (a client component imported by another) got
//   either, and the build id changed from one build of the same sources to the next. Here the group
//   needing the fewest chunks wins, ties broken by chunk id.
// - Without the chunk the browser entry loads itself, when there is one after the first paint (src/entries/browser.ts): the
//   layout's client components are in it, and listed, React would write a `<script async>` for it into
//   every page and run it as soon as it arrives, ahead of the paint. Every reference that needs it is
//   resolved after it has run.
// - Keys in order, so the file is the same bytes whenever the references are the same.

type ChunkList = (string | number)[];
type ClientManifest = Record<string, { id: string | number; chunks: ChunkList; name: string }>;

const sortedObject = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** A group's chunks as the Flight client loads them: pairs of chunk id and script file. */
const chunkList = (group: ChunkGroup, skipped: Chunk | undefined): ChunkList =>
  group.chunks.flatMap((chunk) => {
    // The Flight plugin's rule: a chunk counts when its first file is a script.
    const [first] = chunk.files;
    return chunk !== skipped && chunk.id !== null && first && /\.m?js$/.test(first) ? [chunk.id, first] : [];
  });

const fewestChunks = (a: ChunkList, b: ChunkList): number =>
  a.length - b.length || (a.join('\0') < b.join('\0') ? -1 : a.join('\0') > b.join('\0') ? 1 : 0);

const modulesById = (compilation: Compilation): Map<string | number, Module> => {
  const modules = new Map<string | number, Module>();
  for (const module of compilation.modules) {
    const id = compilation.chunkGraph.getModuleId(module);
    if (id !== null) modules.set(id, module);
  }
  return modules;
};

export const clientManifestPlugin = ({
  manifest,
  entryLoadedChunk,
}: {
  manifest: string;
  entryLoadedChunk?: string;
}) => ({
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('ClientManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // Just after the Flight plugin has written the manifest.
        { name: 'ClientManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 },
        () => {
          const skipped = entryLoadedChunk === undefined ? undefined : compilation.namedChunks.get(entryLoadedChunk);
          const asset = compilation.getAsset(manifest);
          if ((entryLoadedChunk !== undefined && !skipped) || !asset) {
            compilation.errors.push(
              new webpack.WebpackError(`ClientManifestPlugin: no chunk "${entryLoadedChunk}" or no ${manifest}`),
            );
            return;
          }
          const modules = modulesById(compilation);
          const references = JSON.parse(asset.source.source().toString()) as ClientManifest;
          for (const [href, reference] of Object.entries(references)) {
            const module = modules.get(reference.id);
            if (!module) {
              compilation.errors.push(
                new webpack.WebpackError(`ClientManifestPlugin: no module ${reference.id} for ${href}`),
              );
              continue;
            }
            const groups = [...compilation.chunkGraph.getModuleChunks(module)].flatMap((chunk) => [
              ...chunk.groupsIterable,
            ]);
            reference.chunks = groups.map((group) => chunkList(group, skipped)).sort(fewestChunks)[0] ?? [];
          }
          compilation.updateAsset(
            manifest,
            new webpack.sources.RawSource(JSON.stringify(sortedObject(references), null, 2)),
          );
        },
      );
    });
  },
});
