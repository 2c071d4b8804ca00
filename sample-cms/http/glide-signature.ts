import { glideSignature } from '../../src/common/glide-signature.ts';
import { textReply } from './reply.ts';
import type { Reply } from './reply.ts';

// Statamic's check of a Glide URL when `image_manipulation.secure` is on (statamic/cms
// src/Http/Controllers/GlideController.php, validateSignature): League Glide's signature over the path
// as requested and the query's parameters, with the CMS's key; a missing or wrong one is `abort(400)`
// with Glide's message (league/glide src/Signatures/Signature.php, validateRequest).

/** The refusal of a Glide request whose signature `s` is missing or wrong; null when it is right. */
export const refuseUnsigned = (key: string, path: string, query: URLSearchParams): Reply | null => {
  // As PHP reads a query: the last of repeated parameters counts.
  const params = Object.fromEntries(query);
  if (params.s === undefined) return textReply(400, 'Signature is missing.\n');
  return params.s === glideSignature(key, path, params) ? null : textReply(400, 'Signature is not valid.\n');
};
