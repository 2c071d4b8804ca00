import { describe, expect, it } from 'vitest';
import { localizedPath, matchRoute, routeTemplate, validateRoute } from '../../src/common/routes.ts';

describe('matchRoute', () => {
  it.each([
    ['/', 'index___nl'],
    ['/en', 'index___en'],
    ['/404', '404___nl'],
    ['/en/404', '404___en'],
    ['/over-ons', 'slug___nl'],
    ['/en/about-us/board', 'slug-slug2___en'],
    ['/a/b/c', 'slug-slug2-slug3___nl'],
    ['/zoeken', 'search___nl'],
    ['/en/search', 'search___en'],
    ['/vind-een-architect', 'find-an-architect___nl'],
    ['/en/find-an-architect', 'find-an-architect___en'],
    ['/vind-een-architect/1.070515.028', 'find-an-architect-number___nl'],
    ['/en/find-an-architect/1070515028', 'find-an-architect-number___en'],
    ['/cms-preview/pages/abc-123', 'cms-preview-pages-id___nl'],
    ['/en/cms-preview/publications/abc', 'cms-preview-publications-id___en'],
    ['/english', 'slug___nl'],
  ])('%s is %s', (path, name) => {
    expect(matchRoute(path)?.name).toBe(name);
  });

  it('has no route for four levels, empty segments or unknown preview collections', () => {
    expect(matchRoute('/x/y/z/w')).toBeNull();
    expect(matchRoute('/a//b')).toBeNull();
    expect(matchRoute('/cms-preview/users/1')).toBeNull();
    expect(matchRoute('/en/x/y/z/w')).toBeNull();
  });

  it('takes one segment below the architect search as a registration number, as typed', () => {
    expect(matchRoute('/vind-een-architect/1.070515.028')?.route).toEqual({
      kind: 'registration',
      number: '1.070515.028',
    });
    expect(matchRoute('/vind-een-architect/1/2')?.name).toBe('slug-slug2-slug3___nl');
    expect(matchRoute('/en/vind-een-architect/1.070515.028')?.name).toBe('slug-slug2___en');
  });

  it('treats the search path of the other locale as a slug', () => {
    expect(matchRoute('/search')?.name).toBe('slug___nl');
    expect(matchRoute('/en/zoeken')?.name).toBe('slug___en');
  });
});

describe('validateRoute', () => {
  it('decodes valid slugs', () => {
    expect(validateRoute({ kind: 'content', slugs: ['caf%C3%A9', 'b_2'] })).toEqual({
      kind: 'content',
      slugs: ['café', 'b_2'],
    });
  });

  it('rejects slugs with other characters or broken encodings', () => {
    for (const slug of ['Hello%20World', '%E0%A4%A', 'a.b', '-a', '%2F', '']) {
      expect(validateRoute({ kind: 'content', slugs: [slug] }), slug).toBeNull();
    }
    expect(validateRoute({ kind: 'content', slugs: ['a'.repeat(201)] })).toBeNull();
  });

  it('decodes a registration number, whatever its shape (its page answers a malformed one)', () => {
    expect(validateRoute({ kind: 'registration', number: 'abc%20def' })).toEqual({
      kind: 'registration',
      number: 'abc def',
    });
    expect(validateRoute({ kind: 'registration', number: '%E0%A4%A' })).toBeNull();
  });

  it('rejects preview ids that are not entry ids', () => {
    expect(validateRoute({ kind: 'preview', collection: 'pages', id: '1f0c-22' })).not.toBeNull();
    expect(validateRoute({ kind: 'preview', collection: 'pages', id: '..%2F' })).toBeNull();
  });
});

describe('localizedPath', () => {
  it('prefixes English paths only', () => {
    expect(localizedPath('nl', '/')).toBe('/');
    expect(localizedPath('en', '/')).toBe('/en');
    expect(localizedPath('en', '/search')).toBe('/en/search');
    expect(localizedPath('nl', '/zoeken')).toBe('/zoeken');
  });
});

describe('routeTemplate', () => {
  it.each([
    ['/', '/'],
    ['/en', '/en'],
    ['/404', '/404'],
    ['/over-ons', '/:slug'],
    ['/en/news/new-registration-fees-for-2027', '/en/:slug/:slug2'],
    ['/de-wet/titelmisbruik/melden', '/:slug/:slug2/:slug3'],
    ['/zoeken', '/zoeken'],
    ['/en/search', '/en/search'],
    ['/vind-een-architect', '/vind-een-architect'],
    ['/vind-een-architect/1.070515.028', '/vind-een-architect/:number'],
    ['/en/find-an-architect/1.070515.028', '/en/find-an-architect/:number'],
    ['/cms-preview/pages/abc-123', '/cms-preview/pages/:id'],
    ['/en/cms-preview/events/abc-123', '/en/cms-preview/events/:id'],
  ])('%s is answered by the route %s', (path, template) => {
    expect(routeTemplate(matchRoute(path)!.name)).toBe(template);
  });

  it("has none for a name that is not a route's", () => {
    for (const name of [
      'not-found',
      'slug',
      'slug___de',
      'slug___nl___en',
      'toString___nl',
      'slug-slug2-slug3-slug4___nl',
    ])
      expect(routeTemplate(name), name).toBeNull();
  });
});
