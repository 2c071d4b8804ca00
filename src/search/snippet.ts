import { fold } from '../common/fold.ts';
import type { Segment } from '../common/search-params.ts';

// A snippet of a result's text around the first match, with the matched words marked. Matching is on
// folded text (no case, no accents); the snippet keeps the original spelling.

interface Folded {
  text: string;
  /** For every folded character, the index of the original character it came from. */
  origin: number[];
}

const foldWithOrigins = (text: string): Folded => {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const character of text) {
    const part = fold(character);
    folded += part;
    for (let i = 0; i < part.length; i += 1) origin.push(index);
    index += character.length;
  }
  return { text: folded, origin };
};

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Original ranges [start, end) of the words that begin with one of the (folded) terms. */
const matchRanges = (text: string, terms: readonly string[]): Array<[number, number]> => {
  const folded = foldWithOrigins(text);
  // The longest term that starts a word is marked: all of `Klachten`, not just `Klacht`.
  const longestFirst = [...terms].sort((a, b) => b.length - a.length);
  const ranges: Array<[number, number]> = [];
  let position = 0;
  while (position < folded.text.length) {
    if (!WORD_CHARACTER.test(folded.text[position]!)) {
      position += 1;
      continue;
    }
    let end = position;
    while (end < folded.text.length && WORD_CHARACTER.test(folded.text[end]!)) end += 1;
    const word = folded.text.slice(position, end);
    const term = longestFirst.find((candidate) => candidate && word.startsWith(candidate));
    if (term) {
      const start = folded.origin[position]!;
      // The mark covers the matched part: `archi` in `architect`.
      const last = folded.origin[position + term.length - 1]!;
      ranges.push([start, last + (text.codePointAt(last)! > 0xffff ? 2 : 1)]);
    }
    position = end;
  }
  return ranges;
};

const segments = (text: string, ranges: Array<[number, number]>): Segment[] => {
  const result: Segment[] = [];
  let cursor = 0;
  for (const [start, end] of ranges) {
    if (start > cursor) result.push({ text: text.slice(cursor, start), match: false });
    result.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) result.push({ text: text.slice(cursor), match: false });
  return result;
};

/** The text with the words starting with `terms` marked. */
export const highlight = (text: string, terms: readonly string[]): Segment[] =>
  segments(text, matchRanges(text, terms));

/** About `length` characters of `text` around its first match, cut at word boundaries, marked. */
export const snippet = (text: string, terms: readonly string[], length = 200): Segment[] => {
  const first = matchRanges(text, terms)[0];
  let start = first ? Math.max(0, first[0] - Math.floor(length / 3)) : 0;
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + length);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const excerpt = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? ' …' : ''}`;
  return highlight(excerpt, terms);
};
