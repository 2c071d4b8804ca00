import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback proxy in front of the site that can hold back the site's scripts. Classic WebDriver runs a
 * script only in a document that is already there, after its own scripts may have run: with the scripts
 * held until the error collector is in the new document (webkit.ts), it sees every error of the page's
 * JavaScript. Everything else passes through unchanged, the Host header too (redirects stay on the proxy).
 */
export interface ScriptGate {
  url: string;
  /** Scripts requested from now on wait for `release`. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

const SCRIPT = /\.m?js(?:\?|$)/;

export const openScriptGate = async (siteUrl: string): Promise<ScriptGate> => {
  let held: (() => void)[] | undefined;
  const server = createServer((incoming, outgoing) => {
    const forward = () => {
      const upstream = request(
        new URL(incoming.url ?? '/', siteUrl),
        { method: incoming.method, headers: incoming.headers },
        (response) => {
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    };
    if (held && SCRIPT.test(incoming.url ?? '')) held.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const release = () => {
    const waiting = held ?? [];
    held = undefined;
    for (const forward of waiting) forward();
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: () => {
      held ??= [];
    },
    release,
    close: async () => {
      release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
