// Preloaded into a site process (`NODE_OPTIONS=--import …`) by the shutdown tests: once the site has
// handled SIGTERM, the fault named by SIGTERM_FAULT happens on its main thread: `throw`, an exception
// nothing catches; `block`, the thread waits for good (as a library's synchronous sleep or a write to a
// terminal that does not read would), so that none of its timers can fire again.

const fault = process.env.SIGTERM_FAULT;
if (fault !== 'throw' && fault !== 'block') throw new Error('SIGTERM_FAULT must be throw or block');

// Registered before the site's own listener, so it runs first: the fault waits for the next turn.
process.once('SIGTERM', () => {
  setImmediate(() => {
    if (fault === 'throw') throw new Error('a defect met during the shutdown');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  });
});
