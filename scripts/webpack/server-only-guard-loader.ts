import type { LoaderContext } from 'webpack';

// Client and SSR compilations only. The `server-only` package marks modules that hold secrets or
// data access (CMS client, configuration, request context). Under the react-server condition it is
// empty; anywhere else reaching it means a client component imports server code, so the build fails
// here instead of shipping that code to browsers.
export default function serverOnlyGuardLoader(this: LoaderContext<object>): string {
  throw new Error(
    'A module marked "server-only" is imported from client code (a "use client" module or the browser entry). ' +
      'See the import trace below.',
  );
}
