import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';

// A modal <dialog> driven by an open flag: shown with showModal (the rest of the page inert, Escape
// closes), the focus on `initialFocus` or the first control, Tab and Shift+Tab wrapping inside (the
// browser would otherwise move on to its own toolbar), and back on the opening button when it closes.
// A dialog the browser already opened before hydration (an invoker command) is adopted, not closed:
// `onOpenedEarly` sets the flag, and the focus stays where it is.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export const useModalDialog = (open: boolean, onOpenedEarly?: () => void) => {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const initialFocus = useRef<HTMLInputElement>(null);
  const hydrated = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const first = !hydrated.current;
    hydrated.current = true;
    if (first && element.open && !open) {
      onOpenedEarly?.();
      return;
    }
    if (open && !element.open) {
      element.showModal();
      initialFocus.current?.focus();
    }
    if (!open && element.open) {
      element.close();
      opener.current?.focus();
    }
    // onOpenedEarly matters on the first run only: the flag alone drives the dialog after that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (control) => control.offsetParent !== null,
    );
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
