/**
 * What a V8 startup snapshot of a program using the engine (the command line's, cli/snapshot/)
 * asks of the engine, so that the program reaches no stage's internals: the caches worth writing
 * into the heap filled, and the state V8 cannot serialise dropped before the heap is written.
 */
import { clearFormatters } from './template/helpers/intl-cache.js';
import { parsedBundledPrograms } from './text/bundled.js';
import { primePairs } from './text/fast-layout.js';
import { fromCharCodes } from './append-all.js';
import { dropGraphemeSegmenter } from './graphemes.js';

const PRINTABLE_ASCII = fromCharCodes(Array.from({ length: 95 }, (_, i) => 0x20 + i));

/** Reads the kerning of every pair of printable ASCII characters in each bundled font parsed so far. */
export function primeBundledFontPairs(): void {
  for (const program of parsedBundledPrograms()) primePairs(program, PRINTABLE_ASCII);
}

/** Drops the ICU objects (Intl formatters, the grapheme segmenter) a snapshot cannot hold: their users make them again. */
export function dropUnserialisableState(): void {
  clearFormatters();
  dropGraphemeSegmenter();
}
