import { setFlagsFromString } from 'node:v8';

// The V8 heap's settings, measured under load (README, "Memory"). Imported first by server/main.ts, so
// that they hold before anything else is loaded.

// V8 allocates an allocation site's objects straight in the old generation once most of them have
// outlived two young collections ("pretenuring"). A burst of requests in flight at one collection is
// enough for the request and response objects, their headers and socket writes: they then die in the
// old generation, which grows by some 200 MB between full collections. Off: peak RSS under the cached
// load 414 to 196 MB, at the same throughput.
setFlagsFromString('--no-allocation-site-pretenuring');

/**
 * Flags that must be given on the command line (V8 sizes its generations as the heap is made):
 * `npm start`, the Dockerfile's CMD and the test and bench servers pass them; a test holds the three
 * alike. A young generation of 2 × 8 MB instead of up to 2 × 32 MB costs no throughput here. The old
 * generation's bound fits the container's 512 MiB limit (deploy/kubernetes/deployment.yaml) beside the
 * page cache's bodies (outside the heap, PAGE_CACHE_MB, 128 MB by default) and Node's own code (~60 MB);
 * without it V8 sizes the heap for the machine's memory and lets it grow between full collections: peak
 * RSS under the render-path load 366-394 MB without (454-495 MB with brotli: the edge of the container's
 * limit), 242-253 MB with it (with 512 alike: the bound, not its value, makes V8 collect sooner). The
 * price is more full collections: 10-20 % more CPU per rendered page (2.76-2.93 against 3.21-3.40 ms in
 * one A/B run); kept pages, most of the traffic, allocate too little to notice.
 */
export const NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=256'] as const;
