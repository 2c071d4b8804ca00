import type { RequestHandler } from 'express';
import { readSearchApiParams } from '../../src/common/search-params.ts';
import type { RscRenderer } from '../../src/common/contract.ts';

// GET /api/search: the live results of the search overlay, from the same index as the search page.

export const createSearchApi =
  (rsc: RscRenderer): RequestHandler =>
  async (req, res) => {
    const params = readSearchApiParams(new URL(req.originalUrl, 'http://site').searchParams);
    if (!params.ok) {
      res.status(400).json({ error: params.message });
      return;
    }
    const { q, type, page, perPage, locale } = params.value;
    try {
      const results = await rsc.search({ locale, query: q, type: type ?? null, page, perPage });
      res.set('Cache-Control', 'public, max-age=60').json(results);
    } catch (error) {
      req.log.error({ err: error }, 'site search failed');
      res.status(503).json({ error: 'The site search is unavailable right now.' });
    }
  };
