import type { Logger } from 'pino';
import { tagsOfChange } from '../../src/common/cms-dependencies.ts';
import type { ContentChange } from '../../src/common/cms-dependencies.ts';
import type { RscRenderer } from '../../src/common/contract.ts';
import type { PageCache } from '../page-cache/page-cache.ts';
import type { Invalidation, InvalidationBus } from '../shared-cache/invalidation-bus.ts';

// Drops what a change makes out of date: the CMS answers and pages of this process, the shared entries
// in Redis, and, through Redis, the copies of every other replica.

interface Dropped {
  /** CMS answers of this process. */
  responses: number;
  /** Rendered pages of this process. */
  pages: number;
  /** Entries in Redis (answers and pages); 0 without Redis. */
  shared: number;
}

export interface Invalidator {
  /** What the CMS says changed. */
  contentChanged(change: ContentChange): Promise<Dropped>;
  /** A refreshed CMS answer differs from the one before: the pages made from it (carrying its tags) are out of date. */
  answerChanged(tags: readonly string[]): void;
}

export const createInvalidator = ({
  rsc,
  pages,
  bus,
  log,
}: {
  rsc: RscRenderer;
  pages: PageCache;
  bus: InvalidationBus | null;
  log: Logger;
}): Invalidator => {
  const dropHere = ({ changed, scope }: Invalidation): Omit<Dropped, 'shared'> => {
    const tags = changed === 'everything' ? changed : new Set(changed);
    return { responses: scope === 'all' ? rsc.invalidate(tags) : 0, pages: pages.invalidate(tags) };
  };
  const dropEverywhere = async (invalidation: Invalidation): Promise<Dropped> => {
    const here = dropHere(invalidation);
    return { ...here, shared: bus ? await bus.publish(invalidation) : 0 };
  };

  bus?.onMessage((invalidation) => {
    const dropped = dropHere(invalidation);
    log.info({ ...dropped, scope: invalidation.scope }, 'invalidation from another replica');
  });

  return {
    contentChanged: (change) => dropEverywhere({ changed: tagsOfChange(change), scope: 'all' }),
    answerChanged(tags) {
      void dropEverywhere({ changed: tags, scope: 'pages' }).then((dropped) => {
        if (dropped.pages + dropped.shared > 0)
          log.info({ ...dropped }, 'a refreshed CMS answer changed; the pages made from it were dropped');
      });
    },
  };
};
