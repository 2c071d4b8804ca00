import { FLIGHT_DATA_TYPE } from '../common/payload.ts';

/**
 * The Flight payload the server inlined into the HTML as data blocks, as a stream. Blocks keep
 * arriving while the document streams in; a block is complete once the parser has moved past it
 * (something follows it) or the document has been parsed.
 */
export const readInlinedPayload = (): ReadableStream<Uint8Array> => {
  const encoder = new TextEncoder();
  let read = 0;

  return new ReadableStream({
    start(controller) {
      const drain = (parsed: boolean) => {
        const blocks = document.querySelectorAll(`script[type="${FLIGHT_DATA_TYPE}"]`);
        for (; read < blocks.length; read += 1) {
          const block = blocks[read]!;
          if (!parsed && !block.nextSibling) break;
          controller.enqueue(encoder.encode(JSON.parse(block.textContent || '""') as string));
        }
      };

      if (document.readyState !== 'loading') {
        drain(true);
        controller.close();
        return;
      }
      const observer = new MutationObserver(() => drain(false));
      observer.observe(document, { childList: true, subtree: true });
      document.addEventListener(
        'DOMContentLoaded',
        () => {
          observer.disconnect();
          drain(true);
          controller.close();
        },
        { once: true },
      );
      drain(false);
    },
  });
};
