// There is no @types package for react-server-dom-webpack: these are the 19.3 APIs this project uses.

declare module 'react-server-dom-webpack/server' {
  import type { Writable } from 'node:stream';

  export type ClientManifest = Record<
    string,
    { id: string | number; chunks: Array<string | number>; name: string; async?: boolean }
  >;

  export interface PipeableStream {
    pipe<T extends Writable>(destination: T): T;
    abort(reason?: unknown): void;
  }

  export function renderToPipeableStream(
    model: unknown,
    webpackMap: ClientManifest,
    options?: {
      onError?: (error: unknown) => string | void;
      identifierPrefix?: string;
      environmentName?: string;
    },
  ): PipeableStream;

  export function createClientModuleProxy(moduleId: string): Record<string, unknown>;
}

declare module 'react-server-dom-webpack/client.node' {
  import type { Readable } from 'node:stream';

  export interface ServerConsumerManifest {
    moduleMap: Record<string, Record<string, { id: string | number; chunks: Array<string | number>; name: string }>>;
    moduleLoading: { prefix: string; crossOrigin?: '' | 'anonymous' | 'use-credentials' | null };
    serverModuleMap: null;
  }

  export function createFromNodeStream<T>(
    stream: Readable,
    serverConsumerManifest: ServerConsumerManifest,
    options?: { nonce?: string },
  ): PromiseLike<T>;
}

declare module 'react-server-dom-webpack/client' {
  export function createFromReadableStream<T>(stream: ReadableStream<Uint8Array>, options?: object): PromiseLike<T>;
  export function createFromFetch<T>(response: Promise<Response>, options?: object): PromiseLike<T>;
}

declare module 'react-server-dom-webpack/plugin' {
  import type { Compiler } from 'webpack';

  interface ClientReferenceSearchPath {
    directory: string;
    recursive?: boolean;
    include: RegExp;
    exclude?: RegExp;
  }

  export default class ReactServerWebpackPlugin {
    constructor(options: {
      isServer: false;
      clientReferences?: string | ClientReferenceSearchPath | Array<string | ClientReferenceSearchPath>;
      chunkName?: string;
      clientManifestFilename?: string;
      serverConsumerManifestFilename?: string;
    });
    apply(compiler: Compiler): void;
  }
}
