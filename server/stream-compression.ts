import compression from 'compression';
import { constants } from 'node:zlib';

// Compression of responses made while they are sent (rendered pages, API answers); kept pages carry
// their bodies compressed hard once (server/page-cache/). A streamed page is flushed after each burst of
// rendered chunks (server/render/page-handler.ts): brotli at a low quality and a 256 KB window costs
// about as much CPU as gzip at its default level, where brotli's defaults (a 4 MB window) cost more CPU
// and memory per response than the render itself.
export const streamCompression = () =>
  compression({
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 } },
  });
