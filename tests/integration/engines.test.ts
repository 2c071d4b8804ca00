import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../helpers/engines/engine.ts';
import { launchFirefox } from '../helpers/engines/firefox.ts';
import { launchWebKit } from '../helpers/engines/webkit.ts';
import { click, loadHydrated, waitFor } from '../helpers/engines/wait.ts';
import { openSite } from '../helpers/site.ts';
import type { Site } from '../helpers/site.ts';
import { TEMPLATE_PATHS } from '../helpers/template-paths.ts';

// A smoke suite in the engines visitors use besides Chromium (which runs the browser tests): Firefox ESR
// over WebDriver BiDi and WebKitGTK over WebDriver. One site for the file, one browser session per
// engine for all its tests: every template at a phone's and a desktop's width hydrates without a console
// error, and client navigation, back, the language switch, the search overlay and the report form work.

const PAGES = { ...TEMPLATE_PATHS, 'page not found': '/bestaat-niet' };
const WIDTHS = [390, 1280] as const;

let site: Site;
beforeAll(async () => {
  // Every request comes from 127.0.0.1: the per-client limits are raised out of the way.
  site = await openSite({
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ARCHITECTS_PER_MINUTE: '100000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
    RATE_LIMIT_FORMS_PER_HOUR: '100000',
  });
});
afterAll(() => site.stop());

const ENGINES = { 'Firefox ESR': launchFirefox, WebKitGTK: launchWebKit };

describe.each(Object.entries(ENGINES))('%s', (_name, launch) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await launch(site.url);
    console.log(`Engine: ${engine.version}`);
  });
  afterAll(() => engine?.close());

  /** Loads a page and waits for its hydration. */
  const open = (path: string) => loadHydrated(engine, engine.url + path);
  const pathname = () => engine.run<string>('return location.pathname + location.search');
  const heading = () => engine.run<string>(`return document.querySelector('h1')?.textContent ?? ''`);
  const expectNoErrors = async () => expect(await engine.takeErrors()).toEqual([]);

  describe.each(WIDTHS)('at %i px', (width) => {
    beforeAll(() => engine.resize(width, 900));

    it.each(Object.entries(PAGES))('%s (%s) hydrates without a console error', async (_template, path) => {
      await engine.takeErrors();
      await open(path);
      expect(await engine.run<number>('return window.innerWidth')).toBe(width);
      await expectNoErrors();
    });
  });

  it('sees an error of the page', async () => {
    await open('/');
    await engine.takeErrors();
    await engine.run(`setTimeout(() => { throw new Error('seen by the suite'); })`);
    await waitFor(engine, `return new Promise((resolve) => setTimeout(() => resolve(true), 50))`, 'a task later');
    expect((await engine.takeErrors()).join('\n')).toContain('seen by the suite');
  });

  it('a link click changes the page without a document load, and back restores the page before it', async () => {
    await engine.resize(1280, 900);
    await open('/over-ons');
    await engine.takeErrors();
    await engine.run('window.keptAcrossNavigation = true');
    await click(engine, 'header a[href="/vind-een-architect"]');
    await waitFor(engine, `return location.pathname === '/vind-een-architect'`, 'the URL of the link');
    await waitFor(engine, `return document.querySelector('h1')?.textContent === 'Vind een architect'`, 'its heading');
    expect(await engine.run('return window.keptAcrossNavigation')).toBe(true);

    await engine.run('history.back()');
    await waitFor(engine, `return location.pathname === '/over-ons'`, 'the URL before');
    await waitFor(engine, `return document.querySelector('h1')?.textContent === 'Over ons'`, 'the page before');
    expect(await engine.run('return window.keptAcrossNavigation')).toBe(true);
    await expectNoErrors();
  });

  it('the language switch leads to the translation and writes the locale cookie', async () => {
    await open('/over-ons');
    await engine.takeErrors();
    await click(engine, 'a[hreflang="en"]');
    await waitFor(engine, `return location.pathname === '/en/about-us'`, 'the translation');
    await waitFor(engine, `return document.documentElement.lang === 'en'`, 'its language');
    expect(await heading()).toBe('About us');
    await waitFor(engine, `return document.cookie.split('; ').includes('i18n_redirected=en')`, 'the locale cookie');
    await expectNoErrors();
  });

  it('the search overlay opens and shows results while typing', async () => {
    await open('/over-ons');
    await engine.takeErrors();
    await click(engine, 'header .search-toggle');
    await waitFor(
      engine,
      `return document.activeElement?.matches('dialog.search-overlay[open] input[type="search"]')`,
      'the focused field',
    );
    await engine.type('.search-overlay input[type="search"]', 'klacht');
    await waitFor(
      engine,
      `return [...document.querySelectorAll('.search-overlay [role="status"]')].some((status) => /\\d+ resultaten?/.test(status.textContent))`,
      'the number of results',
    );
    expect(
      await engine.run(
        `return [...document.querySelectorAll('.search-overlay a')].some((link) => /Klacht/.test(link.textContent))`,
      ),
    ).toBe(true);
    expect(await pathname()).toBe('/over-ons');
    await expectNoErrors();
  });

  it('the report form shows a refused report again with its error summary, and confirms a corrected one', async () => {
    await open('/de-wet/titelmisbruik-melden');
    await engine.takeErrors();
    await click(engine, '.report-form button[type="submit"]');
    await waitFor(
      engine,
      `return document.querySelector('.error-summary')?.textContent.includes('Er is een probleem')`,
      'the error summary',
    );
    expect(await engine.run(`return document.querySelectorAll('.form-field__error').length`)).toBeGreaterThan(0);

    await click(engine, '#report-subject_kind');
    await engine.type('#report-subject_name', 'Bouwbureau Toets');
    await click(engine, '#report-title_used');
    await engine.type('#report-location', 'https://toets.example.nl');
    await engine.type('#report-details', 'Noemt zich architect op de website.');
    await click(engine, '.report-form button[type="submit"]');
    await waitFor(
      engine,
      `return document.querySelector('.form-confirmation')?.textContent.includes('Wij hebben uw melding ontvangen')`,
      'the confirmation',
    );
    await expectNoErrors();
  });
});
