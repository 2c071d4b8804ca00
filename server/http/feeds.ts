import { Router } from 'express';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { EVENTS_FEED_PATHS, INVITE_SUFFIX, LOCALES, NEWS_FEED_PATHS, splitLocale } from '../../src/common/routes.ts';
import type { RscRenderer } from '../../src/common/contract.ts';
import { sendMadeFile } from './made-file.ts';

// Feeds for readers and calendars, made from the cached CMS lists like the pages: the Atom feed of the
// news (NEWS_FEED_PATHS), the iCalendar feed of the upcoming events (EVENTS_FEED_PATHS), and each
// event's own file at its page's path with `.ics` ("add to calendar").

const ATOM = 'application/atom+xml; charset=utf-8';
const CALENDAR = 'text/calendar; charset=utf-8';

export const createFeeds = ({ rsc, log }: { rsc: RscRenderer; log: Logger }): Router => {
  const router = Router();
  for (const locale of LOCALES) {
    router.get(NEWS_FEED_PATHS[locale], (_req, res, next) =>
      sendMadeFile(res, next, log, { type: ATOM, make: () => rsc.newsFeed(locale), name: 'The news feed' }),
    );
    router.get(EVENTS_FEED_PATHS[locale], (_req, res, next) =>
      sendMadeFile(res, next, log, { type: CALENDAR, make: () => rsc.eventsFeed(locale), name: 'The events calendar' }),
    );
  }
  const invite: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.endsWith(INVITE_SUFFIX)) return next();
    const path = req.path.slice(0, -INVITE_SUFFIX.length);
    const name = `${path.split('/').at(-1) || 'event'}${INVITE_SUFFIX}`;
    // Only a path that is an event's page has a file; anything else goes on to the pages (404).
    return sendMadeFile(res, next, log, {
      type: CALENDAR,
      make: () => rsc.eventInvite(splitLocale(path).locale, path),
      name: 'The calendar file',
      headers: { 'Content-Disposition': `attachment; filename="${name}"` },
    });
  };
  // Without a path pattern, so that Express does not decode the path: one that is not valid
  // percent-encoding goes on to the pages, which answer it 404.
  router.use(invite);
  return router;
};
