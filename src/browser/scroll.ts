import { samePage } from './same-page.ts';
import { whenIdle } from './when-idle.ts';

// Scroll positions per history entry (docs/specification.md section 2): a new page starts at the top or
// at its hash target, back and forward return to where the reader was, and so does a reload. Positions
// live in sessionStorage, so they outlast the document; each history entry carries a key in its state.

const STORAGE_KEY = 'scroll-positions';
/**
 * How long a restored position may wait for the page to become tall enough (docs/specification.md
 * section 8).
 */
const REPAINT_WAIT_MS = 100;

let positions: Record<string, number> | null = null;
let currentKey = '';
/** Whether the entry the page was loaded in carries its key yet. */
let stamped = false;
let frame = 0;
/**
 * From a navigation's start until its page belongs to its history entry, scrolling is not the
 * reader's: the new page may already be in the DOM (the browser clamping the old position to it)
 * while the entry is still the old one's.
 */
let recording = true;

const newKey = (): string => Math.random().toString(36).slice(2, 10);
const keyOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && typeof (state as { key?: unknown }).key === 'string'
    ? (state as { key: string }).key
    : null;

/**
 * The positions kept in this tab, read at the first need: the first access to sessionStorage waits for
 * the browser (1 to 6 ms, measured in Chromium), so it is not made while the page starts.
 */
const stored = (): Record<string, number> => {
  if (positions) return positions;
  try {
    positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
  return positions;
};

/**
 * Gives the entry the page was loaded in its key, which the browser keeps across reloads and back and
 * forward: once idle, or before the entry is left or the page unloaded, whichever comes first
 * (replaceState waits for the browser too).
 */
const stampEntry = (): void => {
  if (stamped) return;
  stamped = true;
  if (keyOf(window.history.state) === null) writeKey();
};

/** Writes the current key into the state of the entry on screen, keeping whatever else it holds. */
const writeKey = (): void => {
  window.history.replaceState({ ...(window.history.state as object | null), key: currentKey }, '');
};

const persist = (): void => {
  stampEntry();
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored()));
  } catch {
    // Storage may be full or off; positions then last as long as the page.
  }
};

/**
 * Takes over scroll restoration from the browser and starts recording the reader's position;
 * `returning`: the page on screen is its entry's, reloaded or come back to in a new document.
 */
export const startScrollRecording = ({ returning }: { returning: boolean }): void => {
  window.history.scrollRestoration = 'manual';
  currentKey = keyOf(window.history.state) ?? newKey();
  // The browser has put a reloaded page back where it was (see the pagehide listener below); an entry
  // that a client navigation made in an earlier document has only its kept position.
  if (returning && window.scrollY === 0) restoreKept();
  whenIdle(() => {
    stampEntry();
    stored();
  });
  window.addEventListener(
    'scroll',
    () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!recording) return;
        // A reader who has scrolled may leave by a link to a part of the page before the browser is
        // idle: the entry must carry its key by then, or back could not find where the reader was.
        stampEntry();
        stored()[currentKey] = window.scrollY;
      });
    },
    { passive: true },
  );
  // A link to a part of this page: the entry being left takes its key and the reader's place now, before
  // the browser scrolls to the target. A scroll just before the click may not have been recorded yet (its
  // event and frame come at the next rendering), and the browser's own scroll to the target would then be.
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (link && link.hash !== '' && samePage(link, window.location)) rememberPosition();
    },
    { capture: true },
  );
  window.addEventListener('pagehide', () => {
    persist();
    // Left in the browser's own mode, the entry is put back where the reader was by the browser itself
    // when the page is reloaded or returned to in a new document: before any script has run, no jump.
    window.history.scrollRestoration = 'auto';
  });
  // Shown again from the back/forward cache, the page is this script's again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.history.scrollRestoration = 'manual';
  });
};

/** Notes where the reader is in the current entry, in place of any recording still waiting for its frame. */
const rememberPosition = (): void => {
  cancelAnimationFrame(frame);
  stampEntry();
  stored()[currentKey] = window.scrollY;
};

/** Notes where the reader is on the page being left, before anything else can scroll. */
export const rememberScrollPosition = (): void => {
  rememberPosition();
  recording = false;
};

/**
 * A move between entries of the page on screen: a link to a part of it makes a new entry, without
 * state (the browser has scrolled to the target), which gets a key of its own so that the entry left
 * keeps the reader's place; back and forward return to one, put back where the reader was (the
 * browser restores nothing while this script holds restoration).
 */
export const followSamePageEntry = (): void => {
  const key = keyOf(window.history.state);
  currentKey = key ?? newKey();
  if (key === null) writeKey();
  else restoreKept();
};

/** The state of a new history entry. */
export const newHistoryState = (): { key: string } => ({ key: newKey() });

/** The page on screen now belongs to the current history entry. */
export const followHistoryEntry = (): void => {
  currentKey = keyOf(window.history.state) ?? currentKey;
  recording = true;
};

const scrollToTarget = (hash: string): void => {
  const id = decodeURIComponent(hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  // scrollIntoView honours the target's scroll-margin-top (room for the header).
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
};

const restore = (top: number, started = performance.now()): void => {
  const reachable = document.documentElement.scrollHeight - window.innerHeight >= top;
  if (reachable || performance.now() - started >= REPAINT_WAIT_MS) window.scrollTo(0, top);
  else requestAnimationFrame(() => restore(top, started));
};

/** Puts the reader back where they were in the current entry (the top if it has no kept position). */
const restoreKept = (): void => restore(stored()[currentKey] ?? 0);

export const applyScroll = (mode: 'top' | 'restore' | 'keep', hash: string): void => {
  if (mode === 'top') scrollToTarget(hash);
  else if (mode === 'restore') restoreKept();
};
