import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/cms/types.ts';
import { trailTo } from '../../src/server-components/breadcrumb-trail.ts';

// The breadcrumb trail: home, then the pages whose addresses the page's own begins with.

const pages = (entries: Array<[string, string]>) => entries.map(([url, title]) => ({ id: url, url, title }) as Page);

const NL = pages([
  ['/', 'Architectenregister'],
  ['/inschrijven', 'Registreren'],
  ['/inschrijven/buitenlandse-architecten', 'Buitenlandse architecten'],
  ['/actualiteiten', 'Actualiteiten'],
]);
const EN = pages([
  ['/en', 'Architects Register'],
  ['/en/news', 'News'],
]);

describe('trailTo', () => {
  it('leads from home through every parent page', () => {
    expect(trailTo('/inschrijven/buitenlandse-architecten/erkenning', NL, 'nl', 'Home')).toEqual([
      { title: 'Architectenregister', url: '/' },
      { title: 'Registreren', url: '/inschrijven' },
      { title: 'Buitenlandse architecten', url: '/inschrijven/buitenlandse-architecten' },
    ]);
  });

  it('leads to a detail page through its list page, in English under /en', () => {
    expect(trailTo('/en/news/a-news-item', EN, 'en', 'Home')).toEqual([
      { title: 'Architects Register', url: '/en' },
      { title: 'News', url: '/en/news' },
    ]);
  });

  it('is empty for the home page and the pages right below it', () => {
    expect(trailTo('/', NL, 'nl', 'Home')).toEqual([]);
    expect(trailTo('/inschrijven', NL, 'nl', 'Home')).toEqual([]);
    expect(trailTo('/en', EN, 'en', 'Home')).toEqual([]);
  });

  it('skips a level that is no page of its own', () => {
    expect(trailTo('/agenda/2026/een-webinar', NL, 'nl', 'Home')).toEqual([{ title: 'Architectenregister', url: '/' }]);
  });
});
