import type { NextFunction, Response } from 'express';
import type { Logger } from 'pino';
import { SHARED_CACHE_CONTROL } from '../cache-control.ts';

// A file made from the cached CMS content (the sitemap, the feeds, an event's calendar file): public
// like a page, and 503 with a line in the log when the CMS cannot give what it needs. A file that does
// not exist (`make` gives null) is left to the next route.

export interface MadeFile {
  type: string;
  make: () => Promise<string | null>;
  /** What it is, for the log line and the 503 text: `The sitemap`. */
  name: string;
  headers?: Record<string, string>;
}

export const sendMadeFile = async (res: Response, next: NextFunction, log: Logger, file: MadeFile): Promise<void> => {
  try {
    const body = await file.make();
    if (body === null) return next();
    res
      .set({ 'Cache-Control': SHARED_CACHE_CONTROL, ...file.headers })
      .type(file.type)
      .send(body);
  } catch (error) {
    log.error({ err: error }, `${file.name} could not be made`);
    res
      .status(503)
      .set('Cache-Control', 'no-store')
      .type('text/plain')
      .send(`${file.name} is unavailable right now.\n`);
  }
};
