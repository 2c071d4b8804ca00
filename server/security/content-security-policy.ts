import { randomBytes } from 'node:crypto';

// The Content Security Policy of every response. Scripts come from the site (and Matomo's host when
// analytics are on), never inline unless a page names them: a fresh render by a per-response nonce, a
// kept page by the hashes of its inline scripts, stored with it. No 'unsafe-inline' or 'unsafe-eval'
// for scripts. Styles may be inline (hero themes, the transition image, styles React and the animation
// player set while navigating): they cannot run code.

export interface PolicySources {
  /** Origin of images and animation files when they are not the site's own (CMS_URL), or null. */
  mediaOrigin: string | null;
  /** Matomo's origin when analytics are on, or null. */
  analyticsOrigin: string | null;
}

export interface PageSources {
  /** `'nonce-…'` or `'sha256-…'` sources of the page's inline scripts. */
  scripts?: readonly string[];
  /** The origins that may frame the page (a preview: the CMS); nobody otherwise. */
  frameAncestors?: readonly string[];
}

const join = (...sources: Array<string | null | undefined>) => sources.filter(Boolean).join(' ');

export const createContentSecurityPolicy = ({ mediaOrigin, analyticsOrigin }: PolicySources) => {
  const fixed = [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `img-src ${join("'self'", 'data:', mediaOrigin, analyticsOrigin)}`,
    `media-src ${join("'self'", mediaOrigin)}`,
    `connect-src ${join("'self'", mediaOrigin, analyticsOrigin)}`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'none'",
  ].join('; ');
  const scriptSources = join("'self'", analyticsOrigin);

  return ({ scripts = [], frameAncestors = [] }: PageSources = {}): string =>
    `${fixed}; script-src ${join(scriptSources, ...scripts)}; frame-ancestors ${join(...frameAncestors) || "'none'"}`;
};

export type ContentSecurityPolicy = ReturnType<typeof createContentSecurityPolicy>;

/** A value for one response only, unguessable. */
export const newNonce = () => randomBytes(18).toString('base64');

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;
