import 'server-only';
import { glideSignature } from '../../common/glide-signature.ts';
import { getSiteServices } from '../../request-context.ts';

// The site's Glide URLs, signed as Statamic checks them with `image_manipulation.secure` on (its
// default): the CMS's Glide key (GLIDE_SIGNING_KEY, its APP_KEY) stays on the server; a page carries
// only the signature `s`. Without the key the site asks for no resize at all: an unsigned one would
// need signing switched off, which lets anyone ask the CMS for any size.

export type GlideParams = Readonly<Record<string, string>>;

/**
 * A maker of signed Glide URLs for a CMS image (its URL relative to the CMS, `/assets/…`), or null when
 * the site holds no Glide key: the image is then shown from its own URL, at its own size.
 */
export const glideImage = (assetUrl: string): ((params: GlideParams) => string) | null => {
  const { mediaBaseUrl, glideSigningKey } = getSiteServices();
  if (!glideSigningKey) return null;
  // Signed as sent: a space or comma (which would also split a `srcset` candidate) percent-encoded.
  const path = `/img${assetUrl}`.replace(/[\s,]/g, (character) => encodeURIComponent(character));
  return (params) =>
    `${mediaBaseUrl}${path}?${new URLSearchParams({ ...params, s: glideSignature(glideSigningKey, path, params) })}`;
};
