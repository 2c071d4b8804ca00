import { Suspense } from 'react';
import type { ReactNode } from 'react';

/**
 * Content below the fold in a Suspense boundary of its own: it is in the HTML like the rest (nothing
 * in it waits, so the fallback is never shown), but React hydrates and commits each boundary in a task
 * of its own, which keeps the browser's tasks at start-up short (Total Blocking Time).
 */
export const HydratedApart = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;
