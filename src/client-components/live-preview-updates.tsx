'use client';

import { useEffect } from 'react';
import { navigate } from '../browser/navigation.ts';
import { matchRoute, validateRoute } from '../common/routes.ts';

// Statamic's Live Preview, with its preview targets set to `refresh: false`, posts a message to the
// framed preview after every pause in typing instead of reloading it: `{ name: 'statamic.preview.updated',
// url, token }`, the URL carrying a new token that stands for the unsaved state (the page's own token
// shows what was there when the preview opened). The page then takes the payload of that URL through the
// client router, in place: no document load, the reader's scroll position kept, and of several updates
// in flight only the latest applies (the router drops the others).

export const PREVIEW_UPDATED_MESSAGE = 'statamic.preview.updated';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The address to show for a message, on this page's origin, or null when the message is not an update
 * or does not name a preview of this site: a message never leads anywhere else.
 */
export const previewUpdateTarget = (data: unknown, here: string): string | null => {
  if (!isRecord(data) || (data.name ?? data.type) !== PREVIEW_UPDATED_MESSAGE || typeof data.url !== 'string')
    return null;
  let url: URL;
  try {
    url = new URL(data.url, here);
  } catch {
    return null;
  }
  const match = matchRoute(url.pathname);
  if (!match || match.route.kind !== 'preview' || !validateRoute(match.route)) return null;
  const token = url.searchParams.get('token') ?? (typeof data.token === 'string' ? data.token : null);
  if (!token) return null;
  const target = new URL(url.pathname, here);
  target.searchParams.set('token', token);
  return target.href;
};

export const LivePreviewUpdates = ({ origins }: { origins: readonly string[] }) => {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only the control panel that may frame the preview: any other window's message is ignored.
      if (!origins.includes(event.origin)) return;
      const target = previewUpdateTarget(event.data, window.location.href);
      if (target) void navigate(target, { history: 'replace', scroll: 'keep' });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origins]);
  return null;
};
