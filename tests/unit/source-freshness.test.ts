import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPILED_SERVER_ENTRY } from '../../scripts/build-server.ts';
import { BUILD_INPUTS, BUILD_MANIFEST } from '../../scripts/finish-build.ts';
import { buildIsCurrent } from '../../scripts/source-freshness.ts';

// `npm start` builds first when dist/ is older than the files the last build read.

let root: string;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
const write = async (file: string, content: string, minutes: number) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
  await utimes(path.join(root, file), at(minutes), at(minutes));
};
const touch = (file: string, minutes: number) => utimes(path.join(root, file), at(minutes), at(minutes));

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'freshness-'));
  await write('locales/nl.po', 'msgid "search"', 0);
  await write('server/register/sample.ts', 'export {}', 0);
  await write('package-lock.json', '{}', 0);
  await touch('locales', 0);
  await write(
    BUILD_INPUTS,
    JSON.stringify({ paths: ['locales', 'locales/nl.po', 'package-lock.json', 'server/register/sample.ts'] }),
    10,
  );
  await write(COMPILED_SERVER_ENTRY, 'export {}', 10);
  await write(BUILD_MANIFEST, JSON.stringify({ mode: 'production', buildId: '0123456789abcdef' }), 10);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('buildIsCurrent', () => {
  it('holds while every file the build read is older than the build', async () => {
    expect(await buildIsCurrent(root)).toBe(true);
  });

  it('fails without the compiled server that npm start runs', async () => {
    await rm(path.join(root, COMPILED_SERVER_ENTRY));
    expect(await buildIsCurrent(root)).toBe(false);
  });

  it('fails once a catalog or a bundled server module is edited', async () => {
    await touch('locales/nl.po', 20);
    expect(await buildIsCurrent(root)).toBe(false);
    await touch('locales/nl.po', 0);
    await touch('server/register/sample.ts', 20);
    expect(await buildIsCurrent(root)).toBe(false);
  });

  it('fails when a file it read is gone, or a folder it searched has changed', async () => {
    await rm(path.join(root, 'server/register/sample.ts'));
    expect(await buildIsCurrent(root)).toBe(false);
    await write('server/register/sample.ts', 'export {}', 0);
    await touch('locales', 20);
    expect(await buildIsCurrent(root)).toBe(false);
  });

  it('fails without a production build with its id and its list of inputs', async () => {
    await rm(path.join(root, BUILD_INPUTS));
    expect(await buildIsCurrent(root)).toBe(false);
    await write(BUILD_INPUTS, JSON.stringify({ paths: [] }), 10);
    await write(BUILD_MANIFEST, JSON.stringify({ mode: 'development', buildId: '0123456789abcdef' }), 10);
    expect(await buildIsCurrent(root)).toBe(false);
    await write(BUILD_MANIFEST, JSON.stringify({ mode: 'production' }), 10);
    expect(await buildIsCurrent(root)).toBe(false);
  });
});
