// A client chunk that fails to load (a deploy removed it, the network dropped) reloads the page it was
// for, at most once per 10 s per path (docs/specification.md sections 7 and 8), so a chunk that keeps
// failing cannot reload the page in a loop. The times live in sessionStorage: they must outlast the
// reload.

const CHUNK_RELOAD_GUARD_MS = 10_000;
const STORAGE_PREFIX = 'chunk-reload:';

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/.test(error.message));

/** Reloads `href` unless its path was reloaded for a chunk less than 10 s ago; says whether it did. */
export const reloadAfterChunkError = (href: string): boolean => {
  const { pathname } = new URL(href, window.location.href);
  const key = STORAGE_PREFIX + pathname;
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(key, String(Date.now()));
  window.location.assign(href);
  return true;
};
