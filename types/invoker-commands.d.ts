// HTML invoker commands (`<button commandfor="id" command="show-modal">`): the browser opens or closes
// the dialog itself, before any script has run. React passes the lowercase attributes through.
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close';
    commandfor?: string;
  }
}
