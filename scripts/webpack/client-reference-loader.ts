import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'webpack';
import { hasUseClientDirective } from './use-client-directive.ts';

// RSC compilation only: a 'use client' module is not executed on the server. It is replaced by a
// proxy whose exports are client references keyed by the module's file URL, the key React's plugin
// writes into react-client-manifest.json. This is what react-server-dom-webpack/node-register does
// for unbundled Node.
export default function clientReferenceLoader(this: LoaderContext<object>, source: string): string {
  if (!hasUseClientDirective(source)) return source;
  const moduleId = JSON.stringify(pathToFileURL(this.resourcePath).href);
  return `module.exports = require('react-server-dom-webpack/server').createClientModuleProxy(${moduleId});`;
}
