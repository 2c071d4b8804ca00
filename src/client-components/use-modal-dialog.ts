import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';

// A modal <dialog> driven by an open flag: shown with showModal (the rest of the page inert, Escape
// closes), the focus on `initialFocus` or the first control, Tab and Shift+Tab wrapping inside (the
// browser would otherwise move on to its own toolbar), and back on the opening button when it closes.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export const useModalDialog = (open: boolean) => {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const initialFocus = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      initialFocus.current?.focus();
    }
    if (!open && element.open) {
      element.close();
      opener.current?.focus();
    }
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((control) => control.offsetParent !== null);
    const [first, last] = [controls[0], controls.at(-1)];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return { dialog, opener, initialFocus, onKeyDown };
};
