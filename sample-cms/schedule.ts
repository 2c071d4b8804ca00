import type { ResourceContext } from './resources/context.ts';
import { parseStatamicDate } from './resources/context.ts';
import { entryChange, notifyWebhook } from './webhook.ts';
import type { Webhook } from './webhook.ts';

// Statamic's scheduler (`php artisan schedule:run`, every minute) fires EntryScheduleReached for each
// entry whose date has just come, and the site's listener posts it to the webhook: a news item dated
// ahead appears in its lists at that time, not up to an hour later. Here the same: at every check, the
// published entries of collections that keep future dates private whose date lies between the last
// check and now are announced.

export const SCHEDULE_CHECK_MS = 60_000;

export interface EntrySchedule {
  /** No more checks; resolves once the announcements under way are done. */
  stop(): Promise<void>;
}

export const startEntrySchedule = ({
  context,
  webhook,
  intervalMs = SCHEDULE_CHECK_MS,
}: {
  context: ResourceContext;
  webhook: () => Webhook | null;
  intervalMs?: number;
}): EntrySchedule => {
  let checkedUntil = context.now().getTime();
  const check = async () => {
    const now = context.now().getTime();
    const from = checkedUntil;
    checkedUntil = now;
    const reached = context.store.entries.filter((entry) => {
      if (
        !entry.published ||
        entry.date === null ||
        context.store.collection(entry.collection)?.futureDateBehavior !== 'private'
      )
        return false;
      const date = parseStatamicDate(entry.date);
      return date > from && date <= now;
    });
    const target = webhook();
    if (!target) return;
    for (const entry of reached) {
      const answer = await notifyWebhook(target, entryChange(entry));
      if ('error' in answer) console.error(`content service: the webhook for ${entry.id} failed: ${answer.error}`);
    }
  };
  // One check at a time, in order.
  let running = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(check);
  }, intervalMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return running;
    },
  };
};
