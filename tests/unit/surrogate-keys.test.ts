import { describe, expect, it } from 'vitest';
import { MAX_KEYS_LENGTH, createSurrogateKeys } from '../../server/render/surrogate-keys.ts';

// The keys a CDN purges public pages by: the scopes of their CMS answers, bounded, never a CMS address.

const { ofPage: surrogateKeys, ofChange: purgeKeys } = createSurrogateKeys('');

describe('surrogate keys', () => {
  it('are the scopes a page read, not the ids its answers hold nor answers named by URL, and the key of every page', () => {
    const tags = [
      'entries:actualities:default',
      'id:e1',
      'url:http://10.0.0.5/api/globals?site=default',
      'globals:default',
      'globals:default',
      'slug:events:en:open-day',
    ];
    expect(surrogateKeys(tags, true)).toEqual([
      'all',
      'entries:actualities:default',
      'globals:default',
      'slug:events:en:open-day',
    ]);
  });

  it('carry the key every change purges while the scopes may be incomplete (a page still streaming)', () => {
    expect(surrogateKeys(['globals:default'], false)).toEqual(['all', 'partial', 'globals:default']);
  });

  it('keep within their bound: past it, only the keys of every page and of every change', () => {
    const slugs = Array.from(
      { length: 60 },
      (_, index) => `slug:actualities:default:a-rather-long-slug-of-a-news-item-${index}`,
    );
    expect(surrogateKeys(slugs, true)).toEqual(['all', 'partial']);
    expect(surrogateKeys(slugs.slice(0, 5), true).join(' ').length).toBeLessThanOrEqual(MAX_KEYS_LENGTH);
  });
});

describe('the keys a change purges', () => {
  it('are its scopes and the key of pages with incomplete keys; everything purges every page', () => {
    expect(purgeKeys(['entries:events:en', 'id:e1', 'slug:events:en:open-day'])).toEqual([
      'entries:events:en',
      'slug:events:en:open-day',
      'partial',
    ]);
    expect(purgeKeys('everything')).toEqual(['all']);
  });
});

describe("keys with the site's prefix", () => {
  const site = createSurrogateKeys('www.architectenregister.nl:');

  it('prefix every key of a page and of a change, those of every page and every change included', () => {
    expect(site.ofPage(['globals:default'], false)).toEqual([
      'www.architectenregister.nl:all',
      'www.architectenregister.nl:partial',
      'www.architectenregister.nl:globals:default',
    ]);
    expect(site.ofChange(['entries:events:en'])).toEqual([
      'www.architectenregister.nl:entries:events:en',
      'www.architectenregister.nl:partial',
    ]);
    expect(site.ofChange('everything')).toEqual(['www.architectenregister.nl:all']);
  });

  it('keep within the bound with their prefixes', () => {
    const slugs = Array.from({ length: 14 }, (_, index) => `slug:actualities:default:news-item-number-${index}`);
    expect(createSurrogateKeys('').ofPage(slugs, true)).toHaveLength(15);
    expect(site.ofPage(slugs, true)).toEqual(['www.architectenregister.nl:all', 'www.architectenregister.nl:partial']);
  });
});
