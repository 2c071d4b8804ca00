import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildIdOf } from '../../scripts/build-id.ts';
import type { BuildOutput } from '../../scripts/build-id.ts';

// The build id: one hash over every file a build wrote, whatever the path of the checkout it was
// built in (docs/specification.md section 9.10).

const build = (root: string, { catalog = 'Zoeken', component = 'render()' } = {}): BuildOutput[] => [
  { name: 'client/main.1a2b3c.js', content: Buffer.from('(()=>{import("./hydrate")})()') },
  {
    name: 'client/../server/react-client-manifest.json',
    content: `{"${pathToFileURL(root).href}/src/client-components/link.tsx":{"id":61}}`,
  },
  // The RSC bundle names client references by their file URLs and carries the compiled catalogs.
  {
    name: 'rsc/rsc.cjs',
    content: Buffer.from(
      `registerClientReference("${pathToFileURL(root).href}/src/x.tsx");const t={search:"${catalog}"};${component}`,
    ),
  },
  { name: 'ssr/ssr.cjs', content: Buffer.from(`require("${root}/node_modules/react")`) },
];

describe('buildIdOf', () => {
  it('is sixteen hex digits', () => {
    expect(buildIdOf(build('/srv/site'), '/srv/site')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('is the same for the same sources built at another path', () => {
    expect(buildIdOf(build('/builds/a/site'), '/builds/a/site')).toBe(
      buildIdOf(build('/tmp/copy of site'), '/tmp/copy of site'),
    );
    expect(buildIdOf(build('/srv/sité'), '/srv/sité')).toBe(buildIdOf(build('/srv/site'), '/srv/site'));
  });

  it('does not depend on the order the files are listed in', () => {
    expect(buildIdOf(build('/srv/site').reverse(), '/srv/site')).toBe(buildIdOf(build('/srv/site'), '/srv/site'));
  });

  it('changes with a catalog or a server component, not only with the client assets', () => {
    const base = buildIdOf(build('/srv/site'), '/srv/site');
    expect(buildIdOf(build('/srv/site', { catalog: 'Search' }), '/srv/site')).not.toBe(base);
    expect(buildIdOf(build('/srv/site', { component: 'render(1)' }), '/srv/site')).not.toBe(base);
  });

  it('changes when a file is added, removed or renamed', () => {
    const base = buildIdOf(build('/srv/site'), '/srv/site');
    expect(buildIdOf([...build('/srv/site'), { name: 'client/client7.9f.js', content: '' }], '/srv/site')).not.toBe(
      base,
    );
    expect(buildIdOf(build('/srv/site').slice(1), '/srv/site')).not.toBe(base);
    const renamed = build('/srv/site').map((output, index) =>
      index === 0 ? { ...output, name: 'client/main.4d5e6f.js' } : output,
    );
    expect(buildIdOf(renamed, '/srv/site')).not.toBe(base);
  });
});
