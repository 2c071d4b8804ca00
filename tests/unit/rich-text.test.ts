import { describe, expect, it } from 'vitest';
import { rankHeadings, sanitizeRichText } from '../../src/server-components/rich-text.tsx';

// Rich text from the CMS keeps the page's outline: its headings start below the heading they sit
// under and never skip a level, whatever levels the editor picked.

const headingsOf = (html: string) => [...html.matchAll(/<(h[1-6])>([^<]*)</g)].map(([, tag, text]) => `${tag}:${text}`);

describe('rankHeadings', () => {
  it('starts at h2 under the page title, however low the editor started', () => {
    expect(headingsOf(rankHeadings('<h3>A</h3><p>x</p><h4>B</h4>', 2))).toEqual(['h2:A', 'h3:B']);
  });

  it('starts at h3 under a block heading', () => {
    expect(headingsOf(rankHeadings('<h2>A</h2><h3>B</h3>', 3))).toEqual(['h3:A', 'h4:B']);
  });

  it('closes the gaps between the levels used', () => {
    expect(headingsOf(rankHeadings('<h2>A</h2><h4>B</h4><h2>C</h2>', 2))).toEqual(['h2:A', 'h3:B', 'h2:C']);
  });

  it('leaves text without headings, and text that only looks like a tag, alone', () => {
    expect(rankHeadings('<p>&lt;h3&gt; is a heading</p>', 3)).toBe('<p>&lt;h3&gt; is a heading</p>');
  });

  it('works on what the sanitizer leaves: h1 to h2, h5 and h6 to h4, no attributes', () => {
    const clean = sanitizeRichText('<h1 class="x">A</h1><h6 id="y">B</h6>');
    expect(headingsOf(rankHeadings(clean, 3))).toEqual(['h3:A', 'h4:B']);
  });
});
