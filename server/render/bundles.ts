import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ClientManifest } from 'react-server-dom-webpack/server';
import type { ServerConsumerManifest } from 'react-server-dom-webpack/client.node';
import type {
  BuildManifest,
  HtmlRenderer,
  RenderLog,
  RscModule,
  RscRenderer,
  SsrModule,
} from '../../src/common/contract.ts';
import { createReleaseManifests, releaseManifestFile } from './release-manifests.ts';
import type { ReleaseManifests } from './release-manifests.ts';

export interface Renderers {
  build: BuildManifest;
  rsc: RscRenderer;
  html: HtmlRenderer;
  /** Client manifests of other releases, for payloads asked by their pages. */
  releases: ReleaseManifests;
}

type StockSsrManifest = {
  moduleLoading: ServerConsumerManifest['moduleLoading'];
  moduleMap: Record<string, Record<string, { specifier: string; name: string }>>;
};
type SsrClientManifest = Record<string, { id: string | number }>;

/**
 * React's plugin writes the SSR manifest in the shape of the removed unbundled Node build
 * (`{specifier}`); the bundled Flight client needs the SSR bundle's module id of each client
 * reference (docs/architecture.md section 5.4).
 */
const createServerConsumerManifest = (
  stock: StockSsrManifest,
  ssrClient: SsrClientManifest,
): ServerConsumerManifest => {
  const moduleMap: ServerConsumerManifest['moduleMap'] = {};
  for (const [clientId, exports] of Object.entries(stock.moduleMap)) {
    const specifier = exports['*']?.specifier;
    const ssrModule = specifier === undefined ? undefined : ssrClient[specifier];
    if (!ssrModule) throw new Error(`Client reference ${specifier ?? clientId} is missing from the SSR bundle`);
    moduleMap[clientId] = { '*': { id: ssrModule.id, chunks: [], name: '*' } };
  }
  return { moduleMap, moduleLoading: stock.moduleLoading, serverModuleMap: null };
};

/** The files of dist/server the running server reads (the rest serve the build itself). */
export const SERVER_BUILD_FILES = {
  build: 'build.json',
  clientManifest: 'react-client-manifest.json',
  ssrManifest: 'react-ssr-manifest.json',
  ssrClientManifest: 'ssr-client-manifest.json',
  rsc: 'rsc.cjs',
  ssr: 'ssr.cjs',
} as const;

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

/** The build's manifest (dist/server/build.json): its id and the scripts and styles of its pages. */
export const readBuild = (serverDir: string): Promise<BuildManifest> =>
  readJson<BuildManifest>(path.join(serverDir, SERVER_BUILD_FILES.build));

/** Loads the server bundles and manifests of a build (dist/server), once at start. */
type RscOptions = Parameters<RscModule['createRscRenderer']>[0];

export const loadRenderers = async (
  serverDir: string,
  {
    inOrderWaitMs,
    sharedAssetsDir,
    ...rscOptions
  }: Pick<RscOptions, 'content' | 'register' | 'site' | 'shared' | 'fleetBudget' | 'onContentChange' | 'observe'> & {
    inOrderWaitMs: number;
    /** SHARED_ASSETS_DIR, where other releases' manifests are found besides dist/client. */
    sharedAssetsDir: string | null;
  },
  log: RenderLog,
): Promise<Renderers> => {
  const [build, clientManifest, stockSsr, ssrClient] = await Promise.all([
    readBuild(serverDir),
    readJson<ClientManifest>(path.join(serverDir, SERVER_BUILD_FILES.clientManifest)),
    readJson<StockSsrManifest>(path.join(serverDir, SERVER_BUILD_FILES.ssrManifest)),
    readJson<SsrClientManifest>(path.join(serverDir, SERVER_BUILD_FILES.ssrClientManifest)),
  ]);
  // A build stops short of its id when it failed after the compilations; its bundles may not match.
  if (!build.buildId)
    throw new Error(`${path.join(serverDir, SERVER_BUILD_FILES.build)} has no build id: run npm run build again`);
  const clientDir = path.join(serverDir, '../client');
  const ownPortable = await readJson<ClientManifest>(path.join(clientDir, releaseManifestFile(build.buildId))).catch(
    (error: unknown) => {
      // A build without its release's manifest serves payloads to its own pages only.
      log.warn({ err: error }, 'no client manifest of this release among its public files');
      return {};
    },
  );
  const require = createRequire(import.meta.url);
  const rscModule = require(path.join(serverDir, SERVER_BUILD_FILES.rsc)) as RscModule;
  const ssrModule = require(path.join(serverDir, SERVER_BUILD_FILES.ssr)) as SsrModule;
  return {
    build,
    rsc: rscModule.createRscRenderer({ clientManifest, build, ...rscOptions, log }),
    html: ssrModule.createHtmlRenderer({
      serverConsumerManifest: createServerConsumerManifest(stockSsr, ssrClient),
      build,
      inOrderWaitMs,
      log,
    }),
    releases: createReleaseManifests({
      own: clientManifest,
      ownPortable,
      directories: sharedAssetsDir ? [clientDir, sharedAssetsDir] : [clientDir],
      log,
    }),
  };
};
