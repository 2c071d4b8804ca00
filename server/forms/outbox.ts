// Form submissions the CMS could not take yet, kept durably until they are delivered: in Redis when the
// replicas share one (redis-outbox.ts), else in a directory (disk-outbox.ts). A kept submission is
// claimed by one process at a time, under a token of that round, for as long as its delivery takes (the
// claim is renewed meanwhile); only the claim's owner may postpone it or set it aside, and a delivered
// one is remembered for a while, so that a late answer never puts back what was delivered. One the CMS
// refuses is set aside with the reason, for a person to look at (`npm run outbox`), never dropped.

export interface KeptSubmission {
  /** A UUID: the site's, or the one the form carried (a post repeated after a 503 keeps its id). */
  id: string;
  form: string;
  data: Readonly<Record<string, string>>;
  /** When the site took it (ISO). */
  receivedAt: string;
  /** Failed deliveries so far. */
  attempts: number;
  /** Epoch milliseconds of the next try. */
  nextAttemptAt: number;
}

/** A submission set aside, with why. */
export interface SetAsideSubmission extends KeptSubmission {
  reason: string;
}

/** A submission claimed by one delivery round: `claim` is that round's token. */
export interface ClaimedSubmission extends KeptSubmission {
  claim: string;
}

export interface OutboxSize {
  pending: number;
  setAside: number;
  /** When the oldest pending submission was taken (epoch ms); null when none is pending. */
  oldestPendingAt: number | null;
}

/** How many submissions, and how many bytes of them, the outbox holds at most (pending and set aside). */
export interface OutboxBounds {
  maxReports: number;
  maxBytes: number;
}

/** What became of a submission given to `keep`. */
export type KeepResult = 'kept' | 'delivered' | 'full';

/** Where a submission is: to be delivered, set aside, or delivered (remembered for DELIVERED_REMEMBERED_MS). */
export type SubmissionState = 'pending' | 'set_aside' | 'delivered';

/** How long a delivered submission's id is remembered: a repeated post or a late answer finds it meanwhile. */
export const DELIVERED_REMEMBERED_MS = 7 * 24 * 3600_000;

export interface Outbox {
  /** Where the submissions are kept, for the log. */
  readonly where: string;
  /**
   * Keeps a submission, pending or (with a reason) set aside, and resolves once it is durable. The same
   * id twice is kept once: `kept` when it is (or already was) pending or set aside, `delivered` when it
   * was delivered, `full` when a bound left it out. Rejects when it could not be kept, or not be made safe.
   */
  keep(submission: KeptSubmission, setAsideReason?: string): Promise<KeepResult>;
  /** Where the submission with this id is, or null when the outbox has never had it (or forgot it). */
  stateOf(id: string): Promise<SubmissionState | null>;
  /** Remembers a submission the CMS took at once, so that a repeat of its post is recognised. */
  markDelivered(id: string): Promise<void>;
  /** Up to `limit` submissions due by `now` (Infinity: whatever their wait), claimed under a new token. */
  claimDue(now: number, limit: number): Promise<ClaimedSubmission[]>;
  /** Extends the claims still held; returns the ids whose claim is no longer this round's. */
  renew(claimed: readonly ClaimedSubmission[]): Promise<string[]>;
  /** Delivered: gone for good, and remembered. False when another round holds it by now. */
  remove(claimed: ClaimedSubmission): Promise<boolean>;
  /** Kept for a later try, as given (attempts and next try updated); its claim ends. False when the claim was no longer this round's. */
  postpone(claimed: ClaimedSubmission): Promise<boolean>;
  /** Refused by the CMS: kept apart with the reason, out of the deliveries. False as for postpone. */
  setAside(claimed: ClaimedSubmission, reason: string): Promise<boolean>;
  size(): Promise<OutboxSize>;
  /** The submissions set aside, oldest first. */
  listSetAside(): Promise<SetAsideSubmission[]>;
  /** Moves set-aside submissions back to the deliveries, due at once; returns the ids moved. */
  requeue(ids: readonly string[] | 'all'): Promise<string[]>;
}

/** A set-aside entry that holds no submission (unreadable, or not signed by the replicas): listed, never requeued. */
export const unreadableEntry = (id: string, reason: string): SetAsideSubmission => ({
  id,
  form: '',
  data: {},
  receivedAt: '',
  attempts: 0,
  nextAttemptAt: 0,
  reason,
});

/** A submission id as the site makes them (and as a form may carry one back): a UUID, nothing else. */
export const isSubmissionId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);

/**
 * An entry of the outbox read back (a file, or a value in Redis): the submission it holds, or null when it
 * holds none, or one under another id than the one it is kept under.
 */
export const readEntry = <T extends KeptSubmission>(text: string, id: string): T | null => {
  try {
    const value = JSON.parse(text) as Partial<T> | null;
    return value?.id === id && typeof value.form === 'string' && typeof value.data === 'object' && value.data !== null
      ? (value as T)
      : null;
  } catch {
    return null;
  }
};
