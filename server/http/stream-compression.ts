import compression from 'compression';
import { constants } from 'node:zlib';

// Compression of responses made while they are sent (rendered pages, API answers); kept pages carry
// their bodies compressed hard once (server/page-cache/). A streamed page is flushed after each burst of
// rendered chunks (server/render/page-handler.ts). Brotli's defaults (quality 11, a 4 MB window) cost
// more CPU and memory per response than the render itself; quality 2 and a 256 KB window cost a page
// rendered for `gzip, deflate, br` 6.0-6.4 ms of CPU against 8.9-9.9 at quality 4 (A/B on this machine,
// 32 connections, the page cache off), for answers about 7 % larger (a 65 KB page: 11.1 against 10.4 KB).
export const streamCompression = () =>
  compression({
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_LGWIN]: 18 } },
  });
