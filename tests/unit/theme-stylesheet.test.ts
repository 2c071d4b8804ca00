import { describe, expect, it } from 'vitest';
import { readThemeKey, themeKey, themeStylesheet, themeStylesheetPath } from '../../src/common/theme-stylesheet.ts';
import { pageTheme, themeColours } from '../../src/page-theme.ts';

describe('a page theme as a stylesheet', () => {
  it('is named by its colours, and the name read back gives them', () => {
    const colours = themeColours(pageTheme({ bg: '#1F3A5F', text: '#ffffff', diap: true }))!;
    expect(colours).toEqual({ bg: '1f3a5f', text: 'ffffff' });
    expect(themeStylesheetPath(colours)).toBe('/themes/1f3a5f-ffffff.css');
    expect(readThemeKey(themeKey(colours))).toEqual(colours);
    expect(readThemeKey('f4efe6')).toEqual({ bg: 'f4efe6', text: null });
  });

  it('needs none in the default colours, and takes only colours from the CMS', () => {
    expect(themeColours(pageTheme(null))).toBeNull();
    expect(themeColours(pageTheme({ bg: '#ffffff', text: null, diap: false }))).toBeNull();
    expect(themeColours(pageTheme({ bg: 'red;}body{display:none', text: '#12345', diap: false }))).toBeNull();
    expect(themeColours(pageTheme({ bg: 'transparent', text: '#1d1d1b', diap: false }))).toEqual({
      bg: 'ffffff',
      text: '1d1d1b',
    });
  });

  it('refuses a name that is not a theme', () => {
    for (const key of ['', 'red', '12345', '1f3a5f-', '1f3a5f-ffffff-000000', '1F3A5F', '1f3a5f;}', '../x'])
      expect(readThemeKey(key), key).toBeNull();
  });

  it('colours only the pages that name it', () => {
    expect(themeStylesheet({ bg: 'f4efe6', text: null })).toBe(
      'html[data-theme="f4efe6"]{--page-bg:#f4efe6}\nhtml[data-theme="f4efe6"] .hero{--hero-bg:#f4efe6}\n',
    );
  });
});
