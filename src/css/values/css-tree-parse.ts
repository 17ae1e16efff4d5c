/**
 * css-tree's `parse`, kept linear when large and small sources mix.
 *
 * Why: a css-tree parser reuses its token buffers and clears them whole before every parse
 * (`TokenStream.setSource` fills `balance` to its length), and they only ever grow. After one
 * 1 MB stylesheet or style attribute every later parse of a 10-byte value cleared a million
 * entries: 0.23 ms instead of 8 µs, so a quirks-mode style attribute of 60,000 declarations
 * (each read a second time) took 11 s. Sources above SMALL_SOURCE go to a second parser, forked
 * on first need, so the buffers of the parser that reads values stay small.
 */

import type { CssNode, ParseOptions } from 'css-tree';
import { fork, parse as smallParse } from 'css-tree';

/** Characters: the most the small parser's buffers ever hold (64 kB of clearing, about 2 µs). */
const SMALL_SOURCE = 16_384;

let largeParse: typeof smallParse | undefined;

export function parse(source: string, options?: ParseOptions): CssNode {
  if (source.length <= SMALL_SOURCE) return smallParse(source, options);
  largeParse ??= fork({}).parse;
  return largeParse(source, options);
}
