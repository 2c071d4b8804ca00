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
 * Flags that must be given on the command line (V8 sizes the young generation as the heap is made):
 * `npm start`, the Dockerfile's CMD and the test and bench servers pass them; a test holds the three
 * alike. A young generation of 2 × 8 MB instead of up to 2 × 32 MB costs no throughput here.
 */
export const NODE_FLAGS = ['--max-semi-space-size=8'] as const;
