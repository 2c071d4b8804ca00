import 'server-only';
import type { CmsCallOutcome, RenderLog, SharedEntry, SharedResponses } from '../common/contract.ts';
import { createCoalescer } from '../common/coalesce.ts';
import { createTaggedCache } from '../common/tagged-cache.ts';
import { mentionTags } from '../common/cms-dependencies.ts';
import type { Tag } from '../common/cms-dependencies.ts';
import { UpstreamThrottledError } from '../common/get-json.ts';
import type { CallPriority } from './request-budget.ts';

// CMS responses in memory per URL for an hour (docs/specification.md section 5), in front of an optional level
// shared by the replicas (Redis). Concurrent requests for a URL share one fetch. After the hour the stale
// copy is still answered at once while one refresh per URL runs behind it (stale-while-revalidate): nobody
// waits on the CMS for something the site has seen; a failed refresh keeps the stale copy and logs a
// warning. At most `maxEntries` are kept, the least recently used going first: lookups of made-up slugs
// are cached too, and must not grow the process without bound. A refresh behind a stale copy is a
// background call of the CMS's rate limit (src/cms/request-budget.ts); so is every load of a background
// render (the warm-up, a stale page rendered again).

/** Loads an answer, with the priority of its call (a refresh behind a stale copy is `background`). */
type Load<T> = (priority: CallPriority) => Promise<T>;

export interface ResponseCache {
  /** The answer for `key`, asked in `scope` (tags, see dependencies.ts); its tags go to the current render's dependencies. */
  get<T>(key: string, scope: readonly Tag[], load: Load<T>): Promise<T>;
  /** Drops the answers carrying any of the tags; loads under way are not kept. Returns how many were dropped. */
  invalidate(changed: ReadonlySet<Tag> | 'everything'): number;
  /** Makes every answer stale: each is refreshed from the CMS itself at its next use (invalidations may have been missed). */
  expireAll(): void;
}

/** A tag of its own for each answer: pages made from an answer that changed are out of date. */
export const answerTag = (key: string): Tag => `url:${key}`;

export const createResponseCache = ({
  ttlMs,
  log,
  shared = null,
  dependencies = () => undefined,
  background = () => false,
  maxEntries = 20_000,
  now = () => Date.now(),
  onChange = () => {},
  observe = () => {},
}: {
  ttlMs: number;
  log: RenderLog;
  /** The replicas' shared level; null for a process on its own. */
  shared?: SharedResponses | null;
  /** The dependency set of the render asking, if any. */
  dependencies?: () => Set<Tag> | undefined;
  /** The render asking is one nobody waits for (its loads are background calls). */
  background?: () => boolean;
  maxEntries?: number;
  now?: () => number;
  /** Called with the tags of an answer that a refresh found different from the one kept. */
  onChange?: (tags: readonly Tag[]) => void;
  /** Told how each answer was had, by the kind of its scope (`entries`, `nav`, `globals`, `terms`, `slugs`). */
  observe?: (kind: string, outcome: CmsCallOutcome) => void;
}): ResponseCache => {
  const entries = createTaggedCache<SharedEntry>({ maxEntries });
  // The load or refresh under way per URL, which whoever asks meanwhile waits for.
  const loads = createCoalescer<SharedEntry>({ now });
  // Answers whose shared copy is not to be trusted either: their next refresh asks the CMS.
  const recheck = new Set<string>();

  // Answers this process fetched from the CMS itself (the others came from the shared level).
  const fetchedHere = new WeakSet<SharedEntry>();
  const fromCms = async (key: string, scope: readonly Tag[], load: () => Promise<unknown>): Promise<SharedEntry> => {
    const value = await load();
    const entry = { value, expiresAt: now() + ttlMs, tags: [answerTag(key), ...scope, ...mentionTags(value)] };
    fetchedHere.add(entry);
    return entry;
  };
  const kindOf = (scope: readonly Tag[]) => scope[0]?.split(':')[0] ?? 'other';

  /** A fresh answer: another replica's from the shared level, else from the CMS, once for the fleet. */
  const fetchFresh = async (key: string, scope: readonly Tag[], load: () => Promise<unknown>): Promise<SharedEntry> => {
    if (!shared) return fromCms(key, scope, load);
    const trusted = !recheck.delete(key);
    const stored = await shared.read(key);
    if (trusted && stored && stored.expiresAt > now()) return stored;
    return shared.fill(key, () => fromCms(key, scope, load), stored);
  };

  const refresh = (
    key: string,
    scope: readonly Tag[],
    load: Load<unknown>,
    priority: CallPriority,
    stale: SharedEntry | undefined,
  ): Promise<SharedEntry> => {
    // An invalidation while it loads may have been about this answer.
    const startedIn = entries.generation;
    return loads.run(key, () =>
      fetchFresh(key, scope, () => load(priority)).then(
        (entry) => {
          if (entries.generation === startedIn) {
            entries.set(key, entry);
            if (stale && JSON.stringify(stale.value) !== JSON.stringify(entry.value)) onChange(stale.tags);
          }
          return entry;
        },
        (error: unknown) => {
          if (!stale) throw error;
          // Held back by the rate limit: its period is logged once (request-budget.ts), not each refresh.
          if (!(error instanceof UpstreamThrottledError))
            log.warn({ err: error, url: key }, 'CMS refresh failed; the stale copy stays');
          return stale;
        },
      ),
    );
  };

  /** Without a copy here, the shared level's, even stale (then refreshed behind it), saves a wait on the CMS. */
  const loadMissing = async (
    key: string,
    scope: readonly Tag[],
    load: Load<unknown>,
    priority: CallPriority,
  ): Promise<SharedEntry> => {
    const stored = shared ? await shared.read(key) : null;
    if (stored && stored.expiresAt <= now()) {
      observe(kindOf(scope), 'stale');
      entries.set(key, stored);
      void refresh(key, scope, load, 'background', stored);
      return stored;
    }
    try {
      const entry = await refresh(key, scope, load, priority, undefined);
      observe(kindOf(scope), fetchedHere.has(entry) ? 'miss' : 'shared');
      return entry;
    } catch (error) {
      observe(kindOf(scope), 'failed');
      throw error;
    }
  };

  return {
    async get<T>(key: string, scope: readonly Tag[], load: Load<T>): Promise<T> {
      const record = dependencies();
      const priority: CallPriority = background() ? 'background' : 'visitor';
      const cached = entries.get(key);
      let entry: SharedEntry;
      const pending = loads.pending(key);
      if (cached) {
        const served = loads.serve(key, cached, () => refresh(key, scope, load, 'background', cached));
        observe(kindOf(scope), served === 'stale' ? 'stale' : 'hit');
        entry = cached;
      } else if (pending) {
        observe(kindOf(scope), 'coalesced');
        entry = await pending;
      } else {
        entry = await loadMissing(key, scope, load, priority);
      }
      if (record) for (const tag of entry.tags) record.add(tag);
      return entry.value as T;
    },

    invalidate(changed) {
      const dropped = entries.invalidate(changed);
      // Whoever asks next starts a new load; those waiting on the old one still get its answer.
      loads.clear();
      return dropped;
    },

    expireAll() {
      for (const entry of entries.values()) entry.expiresAt = 0;
      for (const key of entries.keys()) recheck.add(key);
    },
  };
};
