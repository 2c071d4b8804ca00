// What the engine smoke suite (tests/integration/engines.test.ts) asks of a browser, whatever protocol
// drives it: Firefox over WebDriver BiDi (firefox.ts), WebKitGTK over classic WebDriver (webkit.ts).

export interface Engine {
  /** The browser's name and version, as its driver reports them. */
  readonly version: string;
  /** The address the browser reaches the site at. */
  readonly url: string;
  /** A document load of `url`: returns once the browser has started the new document. */
  load(url: string): Promise<void>;
  /** The page's viewport, in CSS pixels. */
  resize(width: number, height: number): Promise<void>;
  /** Runs `body` (the body of an async function) in the page; its value comes back through JSON. */
  run<T>(body: string): Promise<T>;
  /** Types `text` with the keyboard into the element `selector` finds. */
  type(selector: string, text: string): Promise<void>;
  /** The console errors and uncaught errors of the page since the last call. */
  takeErrors(): Promise<string[]>;
  close(): Promise<void>;
}

/** A function body whose value comes back as JSON: the same wrapper for both protocols. */
export const asJson = (body: string): string =>
  `return (async () => { ${body} })().then((value) => JSON.stringify(value ?? null))`;

/** Starts a browser and its session for the site at `siteUrl`. */
export type Launch = (siteUrl: string) => Promise<Engine>;
