import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/site.ts';

// Every UI string comes from the catalogs: both languages have every message the code asks for.

const catalog = (locale: string) => {
  const text = readFileSync(path.join(ROOT, 'locales', locale, 'messages.po'), 'utf8');
  return new Map(
    [...text.matchAll(/msgid "([^"]+)"\nmsgstr "((?:[^"\\]|\\.)*)"/g)].map((match) => [match[1]!, match[2]!]),
  );
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(path.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  );

const usedIds = () =>
  new Set(
    sourceFiles(path.join(ROOT, 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\('([a-z0-9_]+)'/g)].map((match) => match[1]!),
    ),
  );

describe('message catalogs', () => {
  const nl = catalog('nl');
  const en = catalog('en');

  it('have the same messages in Dutch and English, none empty', () => {
    expect([...nl.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [id, text] of [...nl, ...en]) expect(text, id).not.toBe('');
  });

  it('have every message the code uses', () => {
    const used = usedIds();
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((id) => !nl.has(id))).toEqual([]);
  });
});
