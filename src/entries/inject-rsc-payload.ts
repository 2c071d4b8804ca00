import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { FLIGHT_DATA_TYPE } from '../common/payload.ts';

const CLOSING_TAGS = '</body></html>';

/**
 * One chunk of the Flight payload as a non-executable data block. JSON keeps any text intact, and
 * escaping `<` keeps `</script` and `<!--` from ending the block early.
 */
export const flightDataBlock = (text: string): string =>
  `<script type="${FLIGHT_DATA_TYPE}">${JSON.stringify(text).replaceAll('<', '\\u003c')}</script>`;

/**
 * Interleaves the Flight payload with the HTML that React renders from it, so the browser hydrates
 * without asking for the payload again. Data blocks are only written between two flushes of the HTML
 * renderer (it writes one flush within one task, possibly in several chunks that split a tag), and
 * `</body></html>` is held back until the payload has ended.
 */
export const injectRscPayload = (flight: Readable): Transform => {
  const decoder = new TextDecoder();
  let html = '';
  let blocks = '';
  let flightEnded = false;
  let scheduled = false;
  let finish: (() => void) | null = null;

  const output = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      html += chunk.toString();
      schedule();
      callback();
    },
    flush(callback) {
      finish = () => {
        this.push(html.endsWith(CLOSING_TAGS) ? html.slice(0, -CLOSING_TAGS.length) : html);
        this.push(blocks + CLOSING_TAGS);
        callback();
      };
      if (flightEnded) finish();
    },
  });

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (finish) return;
      const held = html.endsWith(CLOSING_TAGS) ? CLOSING_TAGS : '';
      const ready = html.slice(0, html.length - held.length) + blocks;
      html = held;
      blocks = '';
      if (ready) output.push(ready);
    });
  };

  flight.on('data', (chunk: Buffer) => {
    // A chunk may end inside a multi-byte character: the decoder keeps those bytes for the next one.
    const text = decoder.decode(chunk, { stream: true });
    if (!text) return;
    blocks += flightDataBlock(text);
    schedule();
  });
  flight.on('end', () => {
    const rest = decoder.decode();
    if (rest) blocks += flightDataBlock(rest);
    flightEnded = true;
    finish?.();
  });
  flight.on('error', (error) => output.destroy(error));

  return output;
};
