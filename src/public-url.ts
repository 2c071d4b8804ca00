// Absolute URLs for canonical links, alternates, Open Graph, JSON-LD and the sitemap.

/**
 * The public URL of a path on the site, or an absolute http(s) URL as it is (an image on the CMS).
 * The path is joined to the base as text before it is parsed: resolving it against the base instead
 * would read a requested `//host` or `/\` as another host. Parsing percent-encodes what needs it.
 */
export const absoluteUrl = (publicUrl: string, pathOrUrl: string): string =>
  /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : new URL(`${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`).href;
