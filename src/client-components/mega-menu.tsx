'use client';

import { useAtom } from 'jotai';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { menuOpenAtom } from '../browser/state.ts';
import { useModalDialog } from './use-modal-dialog.ts';

// The mega menu (`menuOpen`). With JavaScript it opens from the header's menu button as a modal dialog:
// the focus stays inside while it is open, Escape closes it, and the focus returns to the button.
// Without JavaScript (the `scripting` media feature), the stylesheet shows the menu in place.

export const MegaMenu = ({ openLabel, closeLabel, children }: { openLabel: string; closeLabel: string; children: ReactNode }) => {
  const [open, setOpen] = useAtom(menuOpenAtom);
  const { dialog, opener, onKeyDown } = useModalDialog(open);
  const id = useId();

  return (
    <>
      <button ref={opener} type="button" className="menu-toggle" aria-haspopup="dialog" aria-expanded={open} aria-controls={id} onClick={() => setOpen(true)}>
        {openLabel}
      </button>
      <dialog
        ref={dialog}
        id={id}
        className="mega-menu-panel"
        aria-label={openLabel}
        onClose={() => setOpen(false)}
        onKeyDown={onKeyDown}
        // A chosen link closes the menu; the navigation's transition takes over.
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setOpen(false);
        }}
      >
        <button type="button" className="mega-menu-panel__close" onClick={() => setOpen(false)}>
          {closeLabel}
        </button>
        {children}
      </dialog>
    </>
  );
};
