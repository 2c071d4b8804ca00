import { setFlagsFromString } from 'node:v8';

// The server process's memory settings, measured under load (docs/performance.md, "Memory"): V8's heap,
// and the allocator's environment. Imported first by server/main.ts, so that the heap's flags hold before anything
// else is loaded.

// V8 allocates an allocation site's objects straight in the old generation once most of them have
// outlived two young collections ("pretenuring"). A burst of requests in flight at one collection is
// enough for the request and response objects, their headers and socket writes: they then die in the
// old generation, which grows by some 200 MB between full collections. Off: peak RSS under the cached
// load 414 to 196 MB, at the same throughput.
setFlagsFromString('--no-allocation-site-pretenuring');

// A render's objects that outlive two young collections die in the old generation all the same; V8
// lets the old generation grow up to four times what survived its last full collection before the next
// one, by how fast the program allocates. Growing by 30 % at most: peak RSS under the render-path load
// 301-335 → 186-217 MB, for more full collections: a rendered page's CPU 0-20 % higher (A/B pairs
// alternating, 32 connections: 3.4-4.7 against 4.2-4.3 ms on a quiet machine). Cached pages barely
// allocate and do not pay it.
setFlagsFromString('--heap-growing-percent=30');

/**
 * Flags that must be given on the command line (V8 sizes the young generation as the heap is made):
 * `npm start`, the Dockerfile's CMD and the test and bench servers pass them; a test holds the three
 * alike. A young generation of 2 × 8 MB instead of up to 2 × 32 MB costs no throughput here.
 */
export const NODE_FLAGS = ['--max-semi-space-size=8'] as const;

/**
 * The environment the server starts with: glibc's malloc reads it at start, so it cannot be set from
 * inside. `npm start` and the tests' servers set it unless it is set; the image sets it too.
 * - MALLOC_ARENA_MAX: malloc makes an arena per thread that allocates at once, up to eight per core
 *   (V8's GC and compiler threads, libuv's pool), each kept at its peak; two are enough. RSS under the
 *   cached load 166 → 156 MB.
 * - MALLOC_MMAP_THRESHOLD_: blocks from 128 KB (compression state, large buffers) are mapped and given
 *   back when freed, instead of raising the threshold to the largest block freed so far and keeping
 *   such blocks in the heap: 5-6 MB less at rest and under the cached load, 20-30 MB less under the
 *   render path with brotli. The price: each streamed response's compressor is mapped and zeroed anew,
 *   1.2-1.5 ms more CPU a page rendered for brotli (A/B, 32 connections); cached pages, compressed once,
 *   do not pay it.
 */
export const NODE_ENVIRONMENT = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;
