import { createHash } from 'node:crypto';

// League Glide's URL signature (league/glide src/Signatures/Signature.php, generateSignature), which
// Statamic checks on its Glide route when `image_manipulation.secure` is on, with Laravel's APP_KEY as
// the key (statamic/cms src/Http/Controllers/GlideController.php, validateSignature):
//
//   md5(key . ':' . ltrim(path, '/') . '?' . http_build_query(ksort(params without 's')))
//
// `path` is the request's path as sent (percent-encoded), the Glide route's prefix included
// (`img/assets/images/x.jpg`). The site signs with it and the sample CMS checks with it; it holds no key.

/** PHP's urlencode, which http_build_query applies to keys and values: `+` for a space, `%XX` for all but `A-Za-z0-9-_.`. */
const phpUrlencode = (text: string): string =>
  /^[A-Za-z0-9\-_.]*$/.test(text)
    ? text
    : Array.from(new TextEncoder().encode(text), (byte) => {
        const character = String.fromCharCode(byte);
        if (/[A-Za-z0-9\-_.]/.test(character)) return character;
        return byte === 0x20 ? '+' : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      }).join('');

/**
 * The signature `s` of a Glide request. Keys are sorted by their bytes, as PHP's ksort sorts keys that
 * are not numbers (Glide's parameters never are).
 */
export const glideSignature = (key: string, path: string, params: Readonly<Record<string, string>>): string => {
  const query = Object.keys(params)
    .filter((name) => name !== 's')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `${phpUrlencode(name)}=${phpUrlencode(params[name] ?? '')}`)
    .join('&');
  return createHash('md5')
    .update(`${key}:${path.replace(/^\/+/, '')}?${query}`)
    .digest('hex');
};
