import { useSyncExternalStore } from 'react';

// Whether the component renders in a hydrated page: false on the server and in the hydrating render
// (which must match the server's HTML), true from the render React makes right after hydration. No
// effect and no state: React itself re-renders when the two snapshots differ.

const neverChanges = () => () => {};

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
