import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { ROOT } from './site.ts';

// How much JavaScript a page makes the browser load: every script of the build it requested, gzipped
// as the server sends it (level 6). Read from dist/client, so the figure is the build's, not the wire's.

export interface JavaScriptWeight {
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipBytes: number;
}

export const recordScripts = (page: Page): (() => JavaScriptWeight) => {
  const files = new Set<string>();
  page.on('requestfinished', (request) => {
    const match = /\/assets\/([^/?#]+\.js)$/.exec(new URL(request.url()).pathname);
    if (match) files.add(match[1]!);
  });
  return () => {
    const weights = [...files].map((file) => ({
      file,
      gzipBytes: gzipSync(readFileSync(path.join(ROOT, 'dist/client', file)), { level: 6 }).length,
    }));
    return { files: weights, totalGzipBytes: weights.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0) };
  };
};
