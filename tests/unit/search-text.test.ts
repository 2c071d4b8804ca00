import { describe, expect, it } from 'vitest';
import { fold } from '../../src/common/fold.ts';
import { htmlText } from '../../src/search/html-text.ts';
import { readSearchApiParams, readSearchParams } from '../../src/common/search-params.ts';
import { highlight, snippet } from '../../src/search/snippet.ts';

// The text side of the site search: folding, reading rich text, marking matches, reading the query.

describe('fold', () => {
  it('removes case, accents and ligatures', () => {
    expect(fold('Dúdok GEHRŸ Müller Çelik Søren Æbeltoft ĳs')).toBe('dudok gehry muller celik soren aebeltoft ijs');
  });
});

describe('htmlText', () => {
  it('keeps the words, decodes entities and drops scripts', () => {
    expect(htmlText('<p>Een <em>mooi</em>&nbsp;huis &amp; tuin &#8211; &#x41;</p><script>alert(1)</script>')).toBe(
      'Een mooi huis & tuin – A',
    );
  });
});

describe('highlight and snippet', () => {
  it('marks words that start with a term, in their original spelling', () => {
    expect(highlight('Het Café van Dúdok', ['cafe', 'dudok'])).toEqual([
      { text: 'Het ', match: false },
      { text: 'Café', match: true },
      { text: ' van ', match: false },
      { text: 'Dúdok', match: true },
    ]);
    expect(highlight('architecten', ['archi'])).toEqual([
      { text: 'archi', match: true },
      { text: 'tecten', match: false },
    ]);
  });

  it('cuts a long text around the first match at word boundaries', () => {
    const text = `${'woord '.repeat(100)}gevonden ${'rest '.repeat(100)}`.trim();
    const parts = snippet(text, ['gevonden']);
    const joined = parts.map((part) => part.text).join('');
    expect(joined.startsWith('…')).toBe(true);
    expect(joined.endsWith('…')).toBe(true);
    expect(joined.length).toBeLessThan(220);
    expect(parts.filter((part) => part.match).map((part) => part.text)).toEqual(['gevonden']);
  });

  it('starts at the beginning when the match is only in the title', () => {
    expect(snippet('Korte tekst.', ['anders'])).toEqual([{ text: 'Korte tekst.', match: false }]);
  });
});

describe('search parameters', () => {
  it('reads the page leniently and the API strictly', () => {
    expect(readSearchParams(new URLSearchParams('q=huis&_rsc=abc&utm_source=x'))).toEqual({
      ok: true,
      value: { q: 'huis', page: 1 },
    });
    expect(readSearchApiParams(new URLSearchParams('q=huis&_rsc=abc'))).toEqual({
      ok: false,
      message: 'Unknown parameter: _rsc',
    });
    expect(readSearchApiParams(new URLSearchParams('q=huis&locale=en&perPage=6'))).toEqual({
      ok: true,
      value: { q: 'huis', locale: 'en', perPage: 6, page: 1 },
    });
  });

  it('refuses malformed values with a message naming the parameter', () => {
    expect(readSearchParams(new URLSearchParams('q=a&q=b'))).toEqual({
      ok: false,
      message: 'q may be given only once',
    });
    expect(readSearchParams(new URLSearchParams('type=people'))).toMatchObject({
      ok: false,
      message: expect.stringContaining('type must be one of'),
    });
    expect(readSearchParams(new URLSearchParams('page=-1'))).toEqual({
      ok: false,
      message: 'page must be a whole number from 1 to 1000',
    });
    expect(readSearchApiParams(new URLSearchParams('perPage=100000'))).toEqual({
      ok: false,
      message: 'perPage must be a whole number from 1 to 50',
    });
    expect(readSearchParams(new URLSearchParams({ q: 'x'.repeat(2001) }))).toEqual({
      ok: false,
      message: 'q must be at most 2000 characters',
    });
  });

  it('takes empty values as absent', () => {
    expect(readSearchParams(new URLSearchParams('q=&type=&page='))).toEqual({ ok: true, value: { q: '', page: 1 } });
  });
});
