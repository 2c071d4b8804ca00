'use client';

import { useEffect, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { navigate } from '../browser/navigation.ts';

// The form of a search page or a list filter. Without JavaScript it is a plain GET form; with it, the
// results follow what is typed (after a pause) and every choice (select, checkbox) at once, in place: the URL is replaced, the
// page keeps its scroll position and the field keeps its focus. Submitting adds a history entry.

const TYPING_PAUSE_MS = 300;

/** The form's URL with its non-empty fields, as the browser would submit it, minus empty parameters. */
const formUrl = (form: HTMLFormElement): string => {
  const url = new URL(form.action);
  url.search = '';
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') url.searchParams.append(name, value);
  }
  return url.href;
};

export const LiveSearchForm = ({
  action,
  label,
  className,
  children,
}: {
  action: string;
  label: string;
  className?: string;
  children: ReactNode;
}) => {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refine = (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    const href = formUrl(form);
    if (href !== window.location.href) void navigate(href, { history: 'replace', scroll: 'keep' });
  };

  return (
    <form
      role="search"
      aria-label={label}
      className={className}
      action={action}
      method="get"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        clearTimeout(timer.current);
        void navigate(formUrl(event.currentTarget));
      }}
      onInput={(event: FormEvent<HTMLFormElement>) => {
        if (!(event.target instanceof HTMLInputElement) || event.target.type === 'checkbox') return;
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => refine(form), TYPING_PAUSE_MS);
      }}
      onChange={(event: FormEvent<HTMLFormElement>) => {
        const target = event.target;
        if (target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === 'checkbox'))
          refine(event.currentTarget);
      }}
    >
      {children}
    </form>
  );
};
