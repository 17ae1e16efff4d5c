/**
 * The characters a document may print, known before its fonts are loaded: those of its text
 * boxes (generated content included), each also in upper and lower case (`text-transform`), and
 * the ones layout adds itself — ASCII (page numbers and counters in margin boxes, list markers,
 * hyphens), the bullets of `list-style-type` and the ellipsis of `text-overflow`. Fonts split by
 * `unicode-range` are loaded only for these (../text/load.ts).
 */
import type { Box, BoxTree } from '../boxes/types.js';
import { childBoxes } from '../boxes/types.js';

const LAYOUT_CHARACTERS = [0x2010, 0x2011, 0x2013, 0x2026, 0x2022, 0x25e6, 0x25aa, 0xa0];

function addText(text: string, into: Set<number>): void {
  for (const variant of [text, text.toUpperCase(), text.toLowerCase()]) {
    for (const character of variant) into.add(character.codePointAt(0)!);
  }
}

export function usedCodePoints(boxes: BoxTree): Set<number> {
  const used = new Set<number>(LAYOUT_CHARACTERS);
  for (let code = 0x20; code < 0x7f; code++) used.add(code);
  // an explicit stack: a deep document must not overflow the call stack here
  const stack: Box[] = [boxes.root];
  for (let box = stack.pop(); box !== undefined; box = stack.pop()) {
    if (box.kind === 'text') addText(box.text, used);
    for (const child of childBoxes(box)) stack.push(child);
  }
  return used;
}
