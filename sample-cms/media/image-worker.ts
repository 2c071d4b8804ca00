import { Worker } from 'node:worker_threads';
import { DRAWING_MODULE } from './raster.ts';
import type { RasterFormat } from './raster.ts';

// Drawing and encoding (raster.ts) take 0.1-0.5 s of CPU an image, and the embedded service shares its
// process with the site: they run in a worker thread, which loads the drawing module by its URL (its
// source under the tests, its compiled file in `npm start`) and draws one image at a time, while the
// process goes on answering pages and API requests.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.module).then(({ drawImage }) => {
  parentPort.on('message', ({ id, svg, format }) => {
    drawImage(svg, format).then(
      (body) => parentPort.postMessage({ id, body }),
      (error) => parentPort.postMessage({ id, error: String(error) }),
    );
  });
});
`;

interface Pending {
  resolve: (body: Buffer) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let lastId = 0;

const startWorker = (): Worker => {
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { module: DRAWING_MODULE } });
  // An idle worker does not keep the process alive.
  started.unref();
  started.on('message', ({ id, body, error }: { id: number; body?: Uint8Array; error?: string }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (body) waiting?.resolve(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    else waiting?.reject(new Error(error ?? 'the image could not be drawn'));
  });
  // A worker that fails fails what it was drawing; the next image starts a new one.
  const failAll = (error: Error) => {
    if (worker === started) worker = null;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  started.on('error', failAll);
  started.on('exit', (code) => failAll(new Error(`the image worker stopped (exit code ${code})`)));
  return started;
};

/** `drawImage` of raster.ts, in the worker. */
export const rasterize = (svg: string, format: RasterFormat): Promise<Buffer> =>
  new Promise<Buffer>((resolve, reject) => {
    lastId += 1;
    pending.set(lastId, { resolve, reject });
    // Referenced while it has work, so that a process waiting for an image does not exit under it.
    (worker ??= startWorker()).ref();
    worker.postMessage({ id: lastId, svg, format });
  }).finally(() => {
    if (pending.size === 0) worker?.unref();
  });
