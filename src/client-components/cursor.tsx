'use client';

import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { cursorAtom, mouseAtom, store } from '../browser/state.ts';

// A ring that follows the mouse and grows over links and buttons. Decoration only: the system pointer
// stays, screen readers never meet it, and touch screens (no hovering, coarse pointer) do not get it.
// With reduced motion it follows without easing. It appears at the pointer's first move, never in a
// corner before the page knows where the pointer is.

const FINE_POINTER = '(hover: hover) and (pointer: fine)';

export const Cursor = () => {
  const [enabled, setEnabled] = useState(false);
  const [moved, setMoved] = useState(false);
  const cursor = useAtomValue(cursorAtom);
  const ring = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const query = window.matchMedia(FINE_POINTER);
    const follow = () => setEnabled(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const onMove = (event: MouseEvent) => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        store.set(mouseAtom, { x: event.clientX, y: event.clientY });
        setMoved(true);
      });
    };
    const onOver = (event: MouseEvent) => {
      const overControl =
        event.target instanceof Element &&
        event.target.closest('a, button, [role="button"], label, select, summary') !== null;
      store.set(cursorAtom, overControl ? 'link' : 'default');
    };
    // The ring is moved directly, not through a render per mouse move.
    const unsubscribe = store.sub(mouseAtom, () => {
      const { x, y } = store.get(mouseAtom);
      ring.current?.style.setProperty('transform', `translate3d(${x}px, ${y}px, 0)`);
    });
    window.addEventListener('mousemove', onMove, { passive: true });
    document.addEventListener('mouseover', onOver, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
      window.removeEventListener('mousemove', onMove);
      document.removeEventListener('mouseover', onOver);
    };
  }, [enabled]);

  if (!enabled || !moved) return null;
  const { x, y } = store.get(mouseAtom);
  return (
    <div
      ref={ring}
      className={`cursor cursor--${cursor}`}
      style={{ transform: `translate3d(${x}px, ${y}px, 0)` }}
      aria-hidden="true"
    />
  );
};
