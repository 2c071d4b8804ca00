import { BUILD_INFO_PATH } from '../common/payload.ts';
import { markOutdated } from './navigation.ts';

// Is a newer build live? (docs/specification.md sections 4 and 8.) Every hour the browser asks the
// server for the current build id; once it differs from this page's, the next navigation loads its page
// in full, and a tab that is out of sight reloads at once, so nobody works on in a page whose code is
// gone.

const BUILD_CHECK_INTERVAL_MS = 3_600_000;
const FIRST_BUILD_CHECK_DELAY_MS = 1000;

const slowConnection = (): boolean =>
  (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType === 'slow-2g';

const reloadWhenHidden = (): void => {
  const reloadIfHidden = () => {
    if (document.visibilityState === 'hidden') window.location.reload();
  };
  reloadIfHidden();
  document.addEventListener('visibilitychange', reloadIfHidden);
};

export const startBuildCheck = (buildId: string): void => {
  let outdated = false;
  const check = async () => {
    if (outdated) return;
    try {
      // The timestamp keeps any cache between here and the server out of the answer.
      const response = await fetch(`${BUILD_INFO_PATH}?t=${Date.now()}`, { cache: 'no-store' });
      if (!response.ok) throw new Error(`${BUILD_INFO_PATH} answered ${response.status}`);
      const { id } = (await response.json()) as { id?: unknown };
      if (typeof id !== 'string' || id === buildId) return;
      outdated = true;
      markOutdated();
      reloadWhenHidden();
    } catch (error) {
      console.warn('The check for a newer build failed', error);
    }
  };
  if (!slowConnection()) setTimeout(() => void check(), FIRST_BUILD_CHECK_DELAY_MS);
  setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);
};
