import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/site.ts';

// Every UI string comes from the catalogs, and the catalogs hold nothing else: Lingui's own extractor
// (what `npm run messages` runs, with lingui.config.ts) finds the ids the code uses, and each catalog
// has exactly those, each translated.

let used: string[];
let catalogs: Record<string, Record<string, { translation?: string }>>;

beforeAll(async () => {
  const config = getConfig({ cwd: ROOT, configPath: path.join(ROOT, 'lingui.config.ts') });
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config.ts names no catalog');
  used = Object.keys((await catalog.collect()) ?? {}).sort();
  catalogs = await catalog.readAll();
}, 60_000);

describe('message catalogs', () => {
  it('are found in the code by the extractor', () => {
    expect(used.length).toBeGreaterThan(80);
    expect(Object.keys(catalogs).sort()).toEqual(['en', 'nl']);
  });

  it.each(['nl', 'en'])('%s has every id the code uses, translated, and none it does not use', (locale) => {
    const catalog = catalogs[locale] ?? {};
    const missing = used.filter((id) => !catalog[id]?.translation);
    const unused = Object.keys(catalog).filter((id) => !used.includes(id));
    expect({ missing, unused }, 'run `npm run messages`, then translate what it reports missing').toEqual({
      missing: [],
      unused: [],
    });
  });
});
