'use client';

import { useAtom } from 'jotai';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { menuOpenAtom } from '../browser/state.ts';
import { useModalDialog } from './use-modal-dialog.ts';

// The mega menu (`menuOpen`), a modal dialog. Its buttons are HTML invoker commands, so the browser
// opens and closes it before the script has run (a slow phone) and even without it; once hydrated,
// React follows the dialog: a menu opened early stays open, with the focus where the visitor left it.
// Without JavaScript in a browser without invoker commands, the stylesheet (`scripting: none`) shows
// the menu in place instead. The button carries no `aria-expanded`: HTML forbids it beside `command`, since
// the browser itself tells assistive technology what the invoker's command does.

const MenuIcon = () => (
  <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d="M3 6h18M3 12h18M3 18h18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="square" />
  </svg>
);

export const MegaMenu = ({
  label,
  closeLabel,
  children,
}: {
  label: string;
  closeLabel: string;
  children: ReactNode;
}) => {
  const [open, setOpen] = useAtom(menuOpenAtom);
  const { dialog, opener, onKeyDown } = useModalDialog(open, () => setOpen(true));
  const id = useId();

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="menu-toggle"
        aria-haspopup="dialog"
        aria-controls={id}
        commandfor={id}
        command="show-modal"
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
        <span className="menu-toggle__label">{label}</span>
      </button>
      <dialog
        ref={dialog}
        id={id}
        className="mega-menu-panel"
        aria-label={label}
        onClose={() => setOpen(false)}
        onKeyDown={onKeyDown}
        // A chosen link closes the menu; the navigation's transition takes over.
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setOpen(false);
        }}
      >
        <button type="button" className="mega-menu-panel__close" commandfor={id} command="close">
          {closeLabel}
        </button>
        {children}
      </dialog>
    </>
  );
};
