import { randomBytes } from 'node:crypto';

// The Content Security Policy of every response. Scripts come from the site (and Matomo's host when
// analytics are on), never inline unless a page names them: a fresh render by a per-response nonce, a
// kept page by the hashes of its inline scripts, stored with it. No 'unsafe-inline' or 'unsafe-eval'
// for scripts, nor for styles: the server's HTML carries no style attribute or element (a page's colours
// are a stylesheet of the site's own, src/common/theme-stylesheet.ts), and what scripts set later (the
// transition image, the cursor, the animation player) goes through the CSS object model, which the
// policy does not restrict. The one exception, the animation player's own stylesheet, is allowed by its
// hash, made at build time (scripts/webpack/library-style-hashes.ts).

export interface PolicySources {
  /** Origin of images and animation files when they are not the site's own (CMS_URL), or null. */
  mediaOrigin: string | null;
  /** Matomo's origin when analytics are on, or null. */
  analyticsOrigin: string | null;
  /** Hash sources of the <style> elements client libraries insert (the build manifest's). */
  libraryStyles: readonly string[];
}

export interface PageSources {
  /** `'nonce-…'` or `'sha256-…'` sources of the page's inline scripts. */
  scripts?: readonly string[];
  /** The origins that may frame the page (a preview: the CMS); nobody otherwise. */
  frameAncestors?: readonly string[];
}

const join = (...sources: Array<string | null | undefined>) => sources.filter(Boolean).join(' ');

export const createContentSecurityPolicy = ({ mediaOrigin, analyticsOrigin, libraryStyles }: PolicySources) => {
  const fixed = [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `img-src ${join("'self'", 'data:', mediaOrigin, analyticsOrigin)}`,
    `media-src ${join("'self'", mediaOrigin)}`,
    `connect-src ${join("'self'", mediaOrigin, analyticsOrigin)}`,
    `style-src ${join("'self'", ...libraryStyles)}`,
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'none'",
  ].join('; ');
  const scriptSources = join("'self'", analyticsOrigin);

  return ({ scripts = [], frameAncestors = [] }: PageSources = {}): string =>
    `${fixed}; script-src ${join(scriptSources, ...scripts)}; frame-ancestors ${join(...frameAncestors) || "'none'"}`;
};

export type ContentSecurityPolicy = ReturnType<typeof createContentSecurityPolicy>;

const NONCE_BYTES = 18;
/** Nonces drawn at a time: one call for the system's randomness per 256 responses, not one each. */
const NONCES_PER_DRAW = 256;
let randomness = Buffer.alloc(0);
let used = 0;

/** A value for one response only, unguessable: bytes of the system's randomness that no other nonce used. */
export const newNonce = (): string => {
  if (used + NONCE_BYTES > randomness.length) {
    randomness = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    used = 0;
  }
  used += NONCE_BYTES;
  return randomness.toString('base64', used - NONCE_BYTES, used);
};

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;
