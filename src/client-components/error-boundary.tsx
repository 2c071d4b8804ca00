'use client';

import { Component } from 'react';
import type { ReactNode } from 'react';
import { pendingNavigationTarget } from '../browser/navigation.ts';
import { isChunkLoadError, reloadAfterChunkError } from '../browser/chunk-reload.ts';

// Keeps a failing part of the page to itself: the rest of the page stays. A client chunk that failed to
// load reloads the page it was for (once per 10 s per path); anything else shows the fallback.

interface Props {
  fallback: ReactNode;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  // A new page (new children) gets its own chance.
  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.children !== this.props.children) this.setState({ failed: false });
  }

  override componentDidCatch(error: unknown): void {
    if (isChunkLoadError(error) && reloadAfterChunkError(pendingNavigationTarget() ?? window.location.href)) return;
    console.error('A part of the page failed', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
