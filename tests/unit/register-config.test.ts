import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/config.ts';
import { cacheDecision } from '../../server/page-cache/cache-decision.ts';

// A registration's status is at most five minutes old anywhere: the settings cannot say longer, and a page
// kept that long tells a CDN to keep it no longer than the site does.

const FIVE_MINUTES_MS = 300_000;

describe('REGISTER_PAGE_TTL_MS and REGISTER_NOT_FOUND_TTL_MS', () => {
  it('default to five minutes and one, and refuse more than five', () => {
    expect(loadConfig({}).register).toMatchObject({ pageTtlMs: FIVE_MINUTES_MS, notFoundTtlMs: 60_000 });
    for (const name of ['REGISTER_PAGE_TTL_MS', 'REGISTER_NOT_FOUND_TTL_MS'])
      expect(() => loadConfig({ [name]: '300001' }), name).toThrow(
        new RegExp(`^Invalid configuration: ${name} must be at most 300000`),
      );
  });

  it('make a kept registration page say, at any moment, no more than what is left of them', () => {
    const renderedAt = 1_800_000_000_000;
    const changesAt = renderedAt + loadConfig({}).register.pageTtlMs;
    for (const now of [renderedAt, renderedAt + 1000, renderedAt + 250_000, changesAt - 10]) {
      const { cacheControl } = cacheDecision({ from: 'cache', page: { changesAt } }, now);
      const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(cacheControl)?.[1]);
      expect(seconds('s-maxage'), cacheControl).toBeLessThanOrEqual(60);
      expect((now - renderedAt) / 1000 + seconds('s-maxage') + seconds('stale-while-revalidate')).toBeLessThanOrEqual(
        300,
      );
    }
  });
});
