import { Router } from 'express';
import type { Logger } from 'pino';
import type { RscRenderer } from '../../src/common/contract.ts';
import { sendMadeFile } from './made-file.ts';
import { SHARED_CACHE_CONTROL } from '../cache-control.ts';

// What crawlers read: /robots.txt (previews and the APIs out, the sitemap named) and /sitemap.xml.

export const createCrawlerFiles = ({
  rsc,
  publicUrl,
  log,
}: {
  rsc: RscRenderer;
  publicUrl: string;
  log: Logger;
}): Router => {
  const router = Router();
  const robots = [
    'User-agent: *',
    'Disallow: /cms-preview/',
    'Disallow: /en/cms-preview/',
    'Disallow: /api/',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  router.get('/robots.txt', (_req, res) => {
    res.set('Cache-Control', SHARED_CACHE_CONTROL).type('text/plain').send(robots);
  });
  router.get('/sitemap.xml', (_req, res, next) =>
    sendMadeFile(res, next, log, { type: 'application/xml', make: () => rsc.sitemap(), name: 'The sitemap' }),
  );
  return router;
};
