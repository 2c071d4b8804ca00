// The sites a test file opened in its own process (tests/helpers/site.ts) and has not stopped yet:
// tests/setup/processes-of-each-file.ts fails a file that leaves one open. A module of its own, so that
// the setup of every test file does not load the site to read it.

/** A site a test talks to over HTTP, wherever it runs. */
export interface Site {
  url: string;
  /** Every log line it has written so far. */
  readonly logs: string[];
  stop(): Promise<unknown>;
}

export const openSites = new Set<Site>();
