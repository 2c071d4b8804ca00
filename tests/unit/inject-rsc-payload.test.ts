import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { flightDataBlock, injectRscPayload } from '../../src/entries/inject-rsc-payload.ts';

const decodeBlocks = (html: string): string =>
  [...html.matchAll(/<script type="application\/x-flight">(.*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as string)
    .join('');

describe('flightDataBlock', () => {
  it('cannot be closed early by the text it carries', () => {
    const block = flightDataBlock('</script><script>alert(1)</script><!--');
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    expect(decodeBlocks(block)).toBe('</script><script>alert(1)</script><!--');
  });
});

describe('injectRscPayload', () => {
  it('interleaves the payload with the HTML and closes the document last', async () => {
    const flight = new PassThrough();
    const html = new PassThrough();
    const output = html.pipe(injectRscPayload(flight));
    const result = text(output);

    html.write('<!DOCTYPE html><html><body><h1>Shell</h1>');
    flight.write('0:{"a":1}\n');
    await new Promise((resolve) => setImmediate(resolve));
    html.write('<div>late</div></body></html>');
    html.end();
    flight.end('1:"b"\n');

    const document = await result;
    expect(document.startsWith('<!DOCTYPE html><html><body><h1>Shell</h1><script type="application/x-flight">')).toBe(
      true,
    );
    expect(document.endsWith('</script></body></html>')).toBe(true);
    expect(document.match(/<\/body><\/html>/g)).toHaveLength(1);
    expect(decodeBlocks(document)).toBe('0:{"a":1}\n1:"b"\n');
  });

  it('keeps multi-byte characters split across payload chunks intact', async () => {
    const flight = new PassThrough();
    const html = new PassThrough();
    const result = text(html.pipe(injectRscPayload(flight)));
    const bytes = Buffer.from('0:"Café — ü"\n');
    html.end('<html><body></body></html>');
    flight.write(bytes.subarray(0, 5));
    flight.end(bytes.subarray(5));
    expect(decodeBlocks(await result)).toBe('0:"Café — ü"\n');
  });

  it('waits for the payload when the HTML ends first', async () => {
    const flight = new PassThrough();
    const html = new PassThrough();
    const result = text(html.pipe(injectRscPayload(flight)));
    html.end('<html><body></body></html>');
    await new Promise((resolve) => setTimeout(resolve, 5));
    flight.end('0:"late"\n');
    expect(await result).toBe(`<html><body>${flightDataBlock('0:"late"\n')}</body></html>`);
  });
});
