import type { Logger } from 'pino';
import type { FormResult } from '../../src/common/form-results.ts';
import { submitToCms } from './cms-form-route.ts';
import type { CmsFormRoute, Delivery, DeliveryOutcome } from './cms-form-route.ts';
import type { ClaimedSubmission, KeptSubmission, Outbox, OutboxSize } from './outbox.ts';

// Form submissions on their way to the CMS. A new one is posted at once; when the CMS is down, slow,
// failing or turning the site away it is kept in the outbox, and the visitor is told it was saved (not
// that the register has it) once it is durable. In the background the outbox is delivered, the first
// round at start and then every retry interval: each round claims a batch, renews the claims while it
// delivers them one after another, and each submission waits longer after each failure (up to 16
// intervals). A submission the CMS refuses (422) is set aside and logged as an error: it needs a person
// (`npm run outbox`), and is never dropped. A post repeated after a 503 (its form carries the id it was
// given) is first looked up: the outbox may have kept it all the same, and then it is not sent again.

/**
 * `lost`: neither delivered nor kept (nor known to be): the visitor may post it again, under its id.
 * `full`: the outbox is at its bound, and the CMS cannot take it either.
 */
type SubmitResult = FormResult | 'lost' | 'full';

export interface FormDelivery {
  /** `repeat`: the post repeats one that was answered 503 under the same `id`, and may have been kept. */
  submit(
    form: string,
    data: Readonly<Record<string, string>>,
    submission: { id: string; repeat: boolean },
  ): Promise<SubmitResult>;
  /** The outbox's size at the end of the last round; null before the first (or without an outbox). */
  size(): OutboxSize | null;
  stop(): Promise<void>;
}

/** Submissions claimed per round. */
const BATCH = 20;
const MAX_BACKOFF_INTERVALS = 16;

const refusal = (delivery: Extract<Delivery, { outcome: 'refused' }>) =>
  `the CMS refused it (${delivery.status}): ${JSON.stringify(delivery.errors)}`;

export const startFormDelivery = ({
  route,
  outbox,
  retryIntervalMs,
  claimMs,
  log,
  onDelivery = () => undefined,
  deliver = (form, data) => submitToCms(route, form, data),
}: {
  route: CmsFormRoute;
  /** null: the outbox could not be opened (logged at start); submissions are then only posted. */
  outbox: Outbox | null;
  retryIntervalMs: number;
  /** How long a claim holds unless renewed: renewed every third of it while a round runs. */
  claimMs: number;
  log: Logger;
  /** Each answer of the CMS's form route, counted by outcome. */
  onDelivery?: (outcome: DeliveryOutcome) => void;
  deliver?: (form: string, data: Readonly<Record<string, string>>) => Promise<Delivery>;
}): FormDelivery => {
  const later = (attempts: number) =>
    Date.now() + retryIntervalMs * Math.min(2 ** Math.max(0, attempts - 1), MAX_BACKOFF_INTERVALS);
  const post = async (form: string, data: Readonly<Record<string, string>>) => {
    const delivery = await deliver(form, data);
    onDelivery(delivery.outcome);
    return delivery;
  };
  let lastSize: OutboxSize | null = null;

  /** A delivery the CMS did not take, to be tried again: a refusal of the site is the operators' to fix. */
  const logNotTaken = (about: object, delivery: Extract<Delivery, { reason: string }>, message: string) => {
    if (delivery.outcome === 'site_refused')
      log.error(
        { ...about, reason: delivery.reason },
        "the CMS refuses the site's form submissions (its key, its CSRF exclusion or the form's handle: docs/statamic.md); kept and tried again",
      );
    else log.warn({ ...about, reason: delivery.reason }, message);
  };

  /** What a kept submission's delivery comes to: removed, set aside or postponed, by the round that claimed it. */
  const settle = async (box: Outbox, submission: ClaimedSubmission, delivery: Delivery) => {
    const about = { id: submission.id, form: submission.form, attempts: submission.attempts };
    if (delivery.outcome === 'delivered') {
      if (await box.remove(submission)) log.info(about, 'a kept form submission was delivered to the CMS');
      else
        log.error(
          about,
          'a kept form submission was delivered while another round held its claim; it may reach the CMS twice',
        );
      return;
    }
    const moved =
      delivery.outcome === 'refused'
        ? await box.setAside(submission, refusal(delivery))
        : await box.postpone({
            ...submission,
            attempts: submission.attempts + 1,
            nextAttemptAt: later(submission.attempts + 1),
          });
    if (!moved) log.warn(about, 'a kept form submission was claimed by another round meanwhile; left to it');
    else if (delivery.outcome === 'refused')
      log.error(
        { ...about, status: delivery.status, errors: delivery.errors },
        'the CMS refused a kept form submission; it was set aside',
      );
    else logNotTaken(about, delivery, 'a kept form submission could not be delivered yet');
  };

  // The round at start takes every kept submission, whatever its wait: the CMS may well be back by now.
  let started = false;
  const round = async (box: Outbox) => {
    const due = started ? Date.now() : Number.POSITIVE_INFINITY;
    started = true;
    const claimed = await box.claimDue(due, BATCH);
    // The claims renewed: those whose delivery is under way or to come.
    let open = claimed;
    const renewal = setInterval(
      () => {
        box
          .renew(open)
          .then((lost) => {
            const stillOpen = lost.filter((id) => open.some((each) => each.id === id));
            if (stillOpen.length > 0)
              log.warn({ ids: stillOpen }, 'form submissions of this round were claimed by another meanwhile');
          })
          .catch((error: unknown) =>
            log.warn({ err: error }, 'the claims on kept form submissions could not be renewed'),
          );
      },
      Math.max(1, Math.floor(claimMs / 3)),
    );
    try {
      for (const submission of claimed) {
        const delivery = await post(submission.form, submission.data);
        // Its claim is used now (compare-and-delete), no longer renewed.
        open = open.filter((each) => each !== submission);
        await settle(box, submission, delivery);
      }
    } finally {
      clearInterval(renewal);
    }
    const size = await box.size();
    if (size.pending !== lastSize?.pending || size.setAside !== lastSize.setAside)
      log.info({ outbox: box.where, pending: size.pending, setAside: size.setAside }, 'form outbox');
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

  /** Kept (or set aside, when the CMS refused it), once durable; `delivery`: the post at once, if there was one. */
  const keep = async (box: Outbox, submission: KeptSubmission, delivery: Delivery | null): Promise<SubmitResult> => {
    const about = { id: submission.id, form: submission.form };
    const refused = delivery?.outcome === 'refused' ? refusal(delivery) : undefined;
    try {
      const result = await box.keep(submission, refused);
      if (result === 'full') {
        log.error(
          about,
          'the form outbox is full (FORM_OUTBOX_MAX_REPORTS, FORM_OUTBOX_MAX_BYTES); a report was refused with 503',
        );
        return 'full';
      }
      if (result === 'delivered') return 'received';
      if (refused)
        log.error(
          { ...about, reason: refused },
          'the CMS refused a form submission the site accepted; it was set aside',
        );
      else if (delivery && delivery.outcome !== 'delivered' && delivery.outcome !== 'refused')
        logNotTaken(about, delivery, 'a form submission was kept for later delivery');
      return 'saved';
    } catch (error) {
      log.error({ err: error, ...about }, 'a form submission could be neither delivered nor kept');
      return 'lost';
    }
  };

  return {
    async submit(form, data, { id, repeat }) {
      let known = false;
      if (repeat && outbox) {
        try {
          const state = await outbox.stateOf(id);
          if (state === 'delivered') return 'received';
          known = state !== null;
        } catch (error) {
          // Whether the first post was kept cannot be told: sending it now might send it twice.
          log.error({ err: error, id, form }, 'a repeated form submission could not be looked up in the outbox');
          return 'lost';
        }
      }
      // A repeat the outbox has is kept already: it is only made sure of, never posted again.
      const delivery = known ? null : await post(form, data);
      if (delivery?.outcome === 'delivered') {
        await outbox?.markDelivered(id).catch((error: unknown) => {
          log.warn({ err: error, id }, 'a delivered form submission could not be remembered');
        });
        return 'received';
      }
      if (!outbox) {
        log.error(
          { form, reason: delivery?.outcome },
          'a form submission could not be delivered, and there is no outbox',
        );
        return 'lost';
      }
      const submission: KeptSubmission = {
        id,
        form,
        data,
        receivedAt: new Date().toISOString(),
        attempts: 1,
        nextAttemptAt: later(1),
      };
      return keep(outbox, submission, delivery);
    },
    size: () => lastSize,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
