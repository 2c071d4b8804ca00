// Form submissions the CMS could not take yet, kept durably until they are delivered: in Redis when the
// replicas share one (redis-outbox.ts), else in a directory (disk-outbox.ts). A kept submission is
// claimed by one process at a time, delivered, and then removed; one the CMS refuses is set aside for a
// person to look at, never dropped.

export interface KeptSubmission {
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

export interface OutboxSize {
  pending: number;
  setAside: number;
}

export interface Outbox {
  /** Where the submissions are kept, for the log. */
  readonly where: string;
  /** Keeps a submission; rejects when it could not be kept. */
  put(submission: KeptSubmission): Promise<void>;
  /** Up to `limit` submissions due by `now` (Infinity: all), claimed for this process: no other delivers them meanwhile. */
  claimDue(now: number, limit: number): Promise<KeptSubmission[]>;
  /** Delivered: gone for good (and its claim with it). */
  remove(submission: KeptSubmission): Promise<void>;
  /** Kept for a later try, as given (attempts and next try updated); its claim ends. */
  postpone(submission: KeptSubmission): Promise<void>;
  /** Refused by the CMS: kept apart with the reason, out of the deliveries. */
  setAside(submission: KeptSubmission, reason: string): Promise<void>;
  size(): Promise<OutboxSize>;
}
