import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { FormResult } from '../../src/common/form-results.ts';
import { submitToCms } from './cms-form-route.ts';
import type { CmsFormRoute, Delivery } from './cms-form-route.ts';
import type { KeptSubmission, Outbox, OutboxSize } from './outbox.ts';

// Form submissions on their way to the CMS. A new one is posted at once; when the CMS is down, slow or
// failing it is kept in the outbox and the visitor is told it was saved (not that the register has it).
// In the background the outbox is delivered, the first round at start and then every retry interval,
// each submission waiting longer after each failure (up to 16 intervals). A submission the CMS refuses
// (422) is set aside and logged as an error: it needs a person, and is never dropped.

/** `lost`: neither delivered nor kept (the outbox failed too): the visitor must try again. */
type SubmitResult = FormResult | 'lost';

export interface FormDelivery {
  submit(form: string, data: Readonly<Record<string, string>>): Promise<SubmitResult>;
  /** The outbox's size at the end of the last round; null before the first (or without an outbox). */
  size(): OutboxSize | null;
  stop(): Promise<void>;
}

/** Submissions claimed per round. */
const BATCH = 20;
const MAX_BACKOFF_INTERVALS = 16;

export const startFormDelivery = ({
  route,
  outbox,
  retryIntervalMs,
  log,
  deliver = (form, data) => submitToCms(route, form, data),
}: {
  route: CmsFormRoute;
  /** null: the outbox could not be opened (logged at start); submissions are then only posted. */
  outbox: Outbox | null;
  retryIntervalMs: number;
  log: Logger;
  deliver?: (form: string, data: Readonly<Record<string, string>>) => Promise<Delivery>;
}): FormDelivery => {
  const later = (attempts: number) =>
    Date.now() + retryIntervalMs * Math.min(2 ** Math.max(0, attempts - 1), MAX_BACKOFF_INTERVALS);
  let lastSize: OutboxSize | null = null;

  const deliverKept = async (box: Outbox, submission: KeptSubmission) => {
    const delivery = await deliver(submission.form, submission.data);
    const about = { id: submission.id, form: submission.form, attempts: submission.attempts };
    if (delivery.outcome === 'delivered') {
      await box.remove(submission);
      log.info(about, 'a kept form submission was delivered to the CMS');
    } else if (delivery.outcome === 'refused') {
      await box.setAside(submission, `the CMS refused it (${delivery.status}): ${JSON.stringify(delivery.errors)}`);
      log.error(
        { ...about, status: delivery.status, errors: delivery.errors },
        'the CMS refused a kept form submission; it was set aside',
      );
    } else {
      const attempts = submission.attempts + 1;
      await box.postpone({ ...submission, attempts, nextAttemptAt: later(attempts) });
      log.warn({ ...about, reason: delivery.reason }, 'a kept form submission could not be delivered yet');
    }
  };

  // The round at start takes every kept submission, whatever its wait: the CMS may well be back by now.
  let started = false;
  const round = async (box: Outbox) => {
    const due = started ? Date.now() : Number.POSITIVE_INFINITY;
    started = true;
    for (const submission of await box.claimDue(due, BATCH)) await deliverKept(box, submission);
    const size = await box.size();
    if (size.pending !== lastSize?.pending || size.setAside !== lastSize.setAside)
      log.info({ outbox: box.where, ...size }, 'form outbox');
    lastSize = size;
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = (box: Outbox, delayMs: number) => {
    timer = setTimeout(() => {
      running = round(box)
        .catch((error: unknown) => log.warn({ err: error }, 'the form outbox could not be read; trying again later'))
        .finally(() => {
          if (!stopped) schedule(box, retryIntervalMs);
        });
    }, delayMs);
  };
  if (outbox) schedule(outbox, 0);

  return {
    async submit(form, data) {
      const delivery = await deliver(form, data);
      if (delivery.outcome === 'delivered') return 'received';
      const submission: KeptSubmission = {
        id: randomUUID(),
        form,
        data,
        receivedAt: new Date().toISOString(),
        attempts: 1,
        nextAttemptAt: later(1),
      };
      try {
        if (!outbox) throw new Error('no outbox');
        if (delivery.outcome === 'refused') {
          await outbox.setAside(
            submission,
            `the CMS refused it (${delivery.status}): ${JSON.stringify(delivery.errors)}`,
          );
          log.error(
            { id: submission.id, form, status: delivery.status, errors: delivery.errors },
            'the CMS refused a form submission the site accepted; it was set aside',
          );
        } else {
          await outbox.put(submission);
          log.warn(
            { id: submission.id, form, reason: delivery.reason },
            'a form submission was kept for later delivery',
          );
        }
        return 'saved';
      } catch (error) {
        log.error({ err: error, form }, 'a form submission could be neither delivered nor kept');
        return 'lost';
      }
    },
    size: () => lastSize,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
