import { randomBytes } from 'node:crypto';

// Statamic's Live Preview keeps the entry an editor is typing, unsaved, under a new token for each
// update, and shows that state to a request carrying the token (`?token=` on the entry show route) for
// an hour. The control panel stand-in asks for one through the admin route; the page's first token,
// the service's fixed preview token, goes on showing the stored entry.

export const LIVE_PREVIEW_TTL_MS = 3_600_000;
/** Unsaved states kept at most; the oldest goes first. */
const MAX_LIVE_PREVIEWS = 1000;

export interface LivePreviews {
  /** Keeps `fields` over the entry with id `entryId` and returns the token that shows them. */
  create(entryId: string, fields: Readonly<Record<string, string>>): string;
  /** The unsaved fields a token stands for, when it is this entry's and not expired. */
  find(token: string, entryId: string): Readonly<Record<string, string>> | null;
}

export const createLivePreviews = (now: () => Date): LivePreviews => {
  const states = new Map<string, { entryId: string; fields: Readonly<Record<string, string>>; expires: number }>();
  return {
    create(entryId, fields) {
      for (const [token, state] of states)
        if (state.expires <= now().getTime() || states.size >= MAX_LIVE_PREVIEWS) states.delete(token);
      const token = randomBytes(24).toString('base64url');
      states.set(token, { entryId, fields: { ...fields }, expires: now().getTime() + LIVE_PREVIEW_TTL_MS });
      return token;
    },
    find(token, entryId) {
      const state = states.get(token);
      return state && state.entryId === entryId && state.expires > now().getTime() ? state.fields : null;
    },
  };
};
