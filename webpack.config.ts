import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import ReactServerWebpackPlugin from 'react-server-dom-webpack/plugin';
import webpack from 'webpack';
import type { Configuration, RuleSetRule } from 'webpack';
import { buildManifestPlugin } from './scripts/webpack/build-manifest-plugin.ts';
import { clientManifestPlugin } from './scripts/webpack/client-manifest-plugin.ts';
import { compileHintsPlugin } from './scripts/webpack/compile-hints-plugin.ts';
import { minifyCssPlugin } from './scripts/webpack/minify-css-plugin.ts';
import { keepPreviousRelease } from './scripts/webpack/previous-release.ts';

// Three compilations from one config (docs/architecture.md section 4):
// - client: the browser entry and every 'use client' module as its own chunk, public under /assets/;
// - rsc:    server components under the react-server condition, 'use client' modules as references;
// - ssr:    react-dom/server, the Flight client and every 'use client' module, in one file.
// rsc and ssr depend on client so that all three agree on the manifests of one build.

const root = path.dirname(fileURLToPath(import.meta.url));
const fromRoot = (...segments: string[]) => path.join(root, ...segments);

export const PUBLIC_PATH = '/assets/';
export const OUTPUT = { client: fromRoot('dist/client'), server: fromRoot('dist/server') };

// The chunk the browser entry runs after the first paint (its `webpackChunkName` in
// src/entries/browser.ts), and the client manifest that must not list it.
const HYDRATE_CHUNK = 'hydrate';
const CLIENT_MANIFEST = '../server/react-client-manifest.json';

// Discovery of client references must be identical in the client and SSR plugins (docs/architecture.md
// section 5.2).
const clientReferences = [{ directory: fromRoot('src'), recursive: true, include: /\.(ts|tsx)$/ }];

// Types are checked by `npm run typecheck`; the build only strips them.
const typescript = (mode: Configuration['mode']): RuleSetRule => ({
  test: /\.tsx?$/,
  exclude: /node_modules/,
  loader: 'esbuild-loader',
  options: { target: 'es2022', jsx: 'automatic', jsxDev: mode === 'development' },
});

const serverOnlyGuard: RuleSetRule = {
  test: /[\\/]node_modules[\\/]server-only[\\/]index\.js$/,
  loader: fromRoot('scripts/webpack/server-only-guard-loader.ts'),
};

const shared = (mode: NonNullable<Configuration['mode']>): Configuration => ({
  mode,
  context: root,
  devtool: mode === 'development' ? 'cheap-module-source-map' : 'source-map',
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  stats: 'errors-warnings',
  infrastructureLogging: { level: 'error' },
});

// Server bundles name their modules by path: webpack's short numeric ids settle a collision by the
// order in which the modules were reached, which varies from build to build (two client components
// swapped ids in one build of twelve), and with them the build id. Nor are their modules concatenated:
// which modules share a scope, and so which of two equal names gets renamed, also varied between
// builds of the same sources (zod's `check` became `schemas_check` in one CI build), and a render is as
// fast without it (A/B, page cache off: 3.3-3.8 ms CPU a page either way). Their size does not matter here.
const SERVER_OPTIMIZATION = {
  splitChunks: false,
  minimize: false,
  concatenateModules: false,
  moduleIds: 'named',
  chunkIds: 'named',
} as const;

const nodeBundle = (name: 'rsc' | 'ssr') => ({
  path: OUTPUT.server,
  filename: `${name}.cjs`,
  library: { type: 'commonjs2' as const },
  clean: false,
});

export const createWebpackConfig = (mode: 'production' | 'development'): Configuration[] => {
  const client: Configuration = {
    ...shared(mode),
    name: 'client',
    target: ['web', 'es2022'],
    entry: {
      // The browser entry must import react-server-dom-webpack/client (in its hydrate chunk), or the
      // plugin writes no manifest.
      main: fromRoot('src/entries/browser.ts'),
      styles: fromRoot('src/styles/index.css'),
    },
    output: {
      path: OUTPUT.client,
      publicPath: PUBLIC_PATH,
      // The Flight plugin only records chunk files that end in .js (docs/architecture.md section 5.3).
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
      // Everything else of earlier builds goes; the release being replaced stays (previous-release.ts).
      clean: { keep: keepPreviousRelease(OUTPUT.server) },
    },
    module: {
      rules: [typescript(mode), serverOnlyGuard, { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] }],
    },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // The hydrate chunk stays one file (one request); other chunks that load on demand
      // may still share their libraries.
      splitChunks: { chunks: (chunk) => chunk.name !== HYDRATE_CHUNK },
      // A function passed as an argument is wrapped in parentheses, which V8 reads as "called at once"
      // and compiles with the script, off the main thread. webpack hands each CommonJS module (React
      // DOM's 200 KB among them) to its runtime as such a function; unwrapped, the browser compiled React
      // DOM on the main thread the moment it was first run, inside the task that starts hydration
      // (that task 24 → 18-19 ms, traced on this machine).
      minimizeOptions: { javascript: { compress: { passes: 2 }, format: { wrap_func_args: true } } },
    },
    plugins: [
      new ReactServerWebpackPlugin({
        isServer: false,
        clientReferences,
        // Named by the module's path, not by its place in the plugin's directory listing: that order
        // is the file system's, so names (and with them chunk ids and hashes) would differ between
        // machines building the same sources.
        chunkName: '[request]',
        clientManifestFilename: CLIENT_MANIFEST,
        serverConsumerManifestFilename: '../server/react-ssr-manifest.json',
      }),
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css' }),
      ...(mode === 'production' ? [minifyCssPlugin()] : []),
      clientManifestPlugin({ manifest: CLIENT_MANIFEST, entryLoadedChunk: HYDRATE_CHUNK }),
      compileHintsPlugin(HYDRATE_CHUNK),
      buildManifestPlugin({ filename: '../server/build.json' }),
    ],
  };

  const rsc: Configuration = {
    ...shared(mode),
    name: 'rsc',
    dependencies: ['client'],
    target: 'node24',
    entry: { rsc: fromRoot('src/entries/rsc.tsx') },
    output: nodeBundle('rsc'),
    // The whole compilation is the RSC graph. React must stay bundled: its react-server builds are
    // only reachable through this condition (docs/architecture.md section 5.1).
    resolve: { ...shared(mode).resolve, conditionNames: ['react-server', '...'] },
    module: {
      rules: [
        {
          enforce: 'pre',
          test: /\.[cm]?[jt]sx?$/,
          loader: fromRoot('scripts/webpack/client-reference-loader.ts'),
        },
        typescript(mode),
        // UI text: Lingui catalogs compiled at build time. Only server components translate.
        { test: /\.po$/, loader: fromRoot('scripts/webpack/po-loader.ts') },
      ],
    },
    optimization: SERVER_OPTIMIZATION,
  };

  const ssr: Configuration = {
    ...shared(mode),
    name: 'ssr',
    dependencies: ['client'],
    target: 'node24',
    entry: { ssr: ['react-server-dom-webpack/client.browser', fromRoot('src/entries/ssr.tsx')] },
    output: nodeBundle('ssr'),
    module: { rules: [typescript(mode), serverOnlyGuard] },
    optimization: SERVER_OPTIMIZATION,
    plugins: [
      // A second plugin instance records the SSR bundle's module id of every client reference.
      new ReactServerWebpackPlugin({
        isServer: false,
        clientReferences,
        clientManifestFilename: 'ssr-client-manifest.json',
        serverConsumerManifestFilename: 'ssr-unused-manifest.json',
      }),
      clientManifestPlugin({ manifest: 'ssr-client-manifest.json' }),
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
  };

  return [client, rsc, ssr];
};
