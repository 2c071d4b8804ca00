import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_USER_AGENT, openSite, viewUntilCached } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';
import { TEMPLATE_PATHS } from '../helpers/template-paths.ts';

// The security headers of every template as internet.nl's website test judges them (its "Security
// options": the Content Security Policy, X-Frame-Options, X-Content-Type-Options, Referrer-Policy, and
// HSTS), on a page rendered fresh and on the same page from the page cache, whose policy differs (hashes
// in place of a nonce).

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.stop();
});

/** The policy's directives by name, each with its sources. */
const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );

/** What internet.nl asks of a Content Security Policy; each failure is named as its report names it. */
const cspFailures = (policy: string): string[] => {
  const found = directives(policy);
  const failures: string[] = [];
  const limitedTo = (name: string, allowed: string[]) => {
    const sources = found.get(name);
    if (!sources || sources.length === 0 || sources.some((source) => !allowed.includes(source)))
      failures.push(`${name} is not ${allowed.join(' or ')}`);
  };
  limitedTo('default-src', ["'none'", "'self'"]);
  limitedTo('base-uri', ["'none'", "'self'"]);
  limitedTo('form-action', ["'none'", "'self'"]);
  limitedTo('frame-ancestors', ["'none'", "'self'"]);
  for (const [name, sources] of found) {
    for (const source of sources) {
      if (/^'unsafe-(inline|eval|hashes)'$/.test(source)) failures.push(`${name} allows ${source}`);
      if (source === '*' || /^\w+:\/\/\*/.test(source) || /^https?:$/.test(source))
        failures.push(`${name} allows any host (${source})`);
      if (source.startsWith('http://')) failures.push(`${name} allows http (${source})`);
      if (source === 'data:' && name !== 'img-src') failures.push(`${name} allows data:`);
    }
  }
  return failures;
};

const headerFailures = (response: Response): string[] => {
  const failures: string[] = [];
  const header = (name: string) => response.headers.get(name) ?? '';
  const policy = header('content-security-policy');
  if (!policy) failures.push('no Content-Security-Policy');
  else failures.push(...cspFailures(policy));
  if (!/^(DENY|SAMEORIGIN)$/i.test(header('x-frame-options')))
    failures.push('X-Frame-Options is not DENY or SAMEORIGIN');
  if (header('x-content-type-options').toLowerCase() !== 'nosniff')
    failures.push('X-Content-Type-Options is not nosniff');
  if (
    !['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(
      header('referrer-policy'),
    )
  )
    failures.push(`Referrer-Policy ${header('referrer-policy') || '(none)'} leaks the address to other sites`);
  const maxAge = Number(/max-age=(\d+)/.exec(header('strict-transport-security'))?.[1] ?? 0);
  if (maxAge < 31_536_000) failures.push('HSTS shorter than a year');
  return failures;
};

const PAGES = { ...TEMPLATE_PATHS, 'not found': '/x/y/z/w', 'report form': '/de-wet/titelmisbruik-melden' };

describe('every template, as internet.nl tests it', () => {
  for (const [name, at] of Object.entries(PAGES)) {
    it(`${name} (${at}), fresh and from the page cache`, async () => {
      const fresh = await fetch(site.url + at, { headers: { 'User-Agent': BROWSER_USER_AGENT } });
      await fresh.arrayBuffer();
      expect(headerFailures(fresh), 'fresh').toEqual([]);
      // A visitor's own search answer is never kept.
      if (fresh.status !== 200 || !fresh.headers.get('cache-control')?.startsWith('public')) return;
      const { response } = await viewUntilCached(site.url + at, { 'User-Agent': BROWSER_USER_AGENT });
      expect(response.headers.get('content-security-policy')).not.toContain("'nonce-");
      expect(headerFailures(response), 'from the page cache').toEqual([]);
    });
  }

  it('a theme stylesheet, the one style a themed page has, is a file of the site: no inline style in any page', async () => {
    for (const at of Object.values(PAGES)) {
      const html = await (await fetch(site.url + at, { headers: { 'User-Agent': BROWSER_USER_AGENT } })).text();
      expect(html, at).not.toMatch(/<[a-z][^>]*\sstyle=/i);
      expect(html, at).not.toMatch(/<style[\s>]/i);
    }
    const home = await (await fetch(site.url + '/')).text();
    const themed = /<link rel="stylesheet" href="(\/themes\/[^"]+\.css)"/.exec(home)?.[1];
    expect(themed).toBe('/themes/1f3a5f-ffffff.css');
    expect(home).toContain('<html lang="nl" data-header-trans="" data-theme="1f3a5f-ffffff">');
    const stylesheet = await fetch(site.url + themed!);
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers.get('content-type')).toMatch(/^text\/css/);
    expect(stylesheet.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await stylesheet.text()).toBe(
      'html[data-theme="1f3a5f-ffffff"]{--page-bg:#1f3a5f;--page-text:#ffffff}\n' +
        'html[data-theme="1f3a5f-ffffff"] .hero{--hero-bg:#1f3a5f;--hero-text:#ffffff}\n',
    );
    for (const made of [
      '/themes/red.css',
      '/themes/1f3a5f-ffffff-000.css',
      '/themes/1f3a5f;}.css',
      '/themes/12345.css',
    ])
      expect((await fetch(site.url + made)).status, made).toBe(404);
  });
});
