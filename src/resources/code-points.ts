/**
 * The characters a document may print, known before its fonts are loaded: those of its text
 * boxes (generated content included), each also in upper and lower case (`text-transform`); the
 * ones CSS makes later — the strings, counters and leaders of `content` and `string-set`
 * (cross-references are resolved in layout), the `content` of page-margin boxes (`"Seite "
 * counter(page, lower-greek)`), list markers; and the ones layout adds itself — ASCII, hyphens,
 * the ellipsis of `text-overflow`. Fonts split by `unicode-range` are loaded only for these
 * (../text/load.ts), and so a character made by CSS prints in the font it asks for.
 */
import type { Box, BoxTree } from '../boxes/types.js';
import { childBoxes } from '../boxes/types.js';
import { counterStyleCharacters } from '../boxes/counter-styles.js';
import type { ComputedStyle, ContentItem } from '../css/types.js';

const LAYOUT_CHARACTERS = [0x2010, 0x2011, 0x2013, 0x2026, 0x2022, 0x25e6, 0x25aa, 0xa0];

function addText(text: string, into: Set<number>): void {
  for (const variant of [text, text.toUpperCase(), text.toLowerCase()]) {
    for (const character of variant) into.add(character.codePointAt(0)!);
  }
}

/** The characters `content` items may print once counters and cross-references are known. */
function addContentItems(items: readonly ContentItem[], into: Set<number>): void {
  for (const item of items) {
    switch (item.kind) {
      case 'string': addText(item.value, into); break;
      case 'leader': addText(item.pattern, into); break;
      case 'counter': case 'target-counter': addText(counterStyleCharacters(item.style), into); break;
      case 'counters': case 'target-counters': addText(counterStyleCharacters(item.style) + item.separator, into); break;
      default: break;
    }
  }
}

function addStyle(style: ComputedStyle, into: Set<number>): void {
  if (Array.isArray(style.content)) addContentItems(style.content as readonly ContentItem[], into);
  if (Array.isArray(style.stringSet)) for (const set of style.stringSet as readonly { readonly items: readonly ContentItem[] }[]) addContentItems(set.items, into);
  const marker = style.listStyleType;
  if (typeof marker === 'string') addText(counterStyleCharacters(marker), into);
  else addText(marker.value, into);
}

/** `marginContent`: the items of the page-margin boxes' `content` (../css/page.ts marginBoxContentItems). */
export function usedCodePoints(boxes: BoxTree, marginContent: readonly ContentItem[] = []): Set<number> {
  const used = new Set<number>(LAYOUT_CHARACTERS);
  for (let code = 0x20; code < 0x7f; code++) used.add(code);
  addContentItems(marginContent, used);
  // each style once: most boxes share their parent's
  const styles = new Set<ComputedStyle>();
  // an explicit stack: a deep document must not overflow the call stack here
  const stack: Box[] = [boxes.root];
  for (let box = stack.pop(); box !== undefined; box = stack.pop()) {
    if (box.kind === 'text') addText(box.text, used);
    else if (!styles.has(box.style)) {
      styles.add(box.style);
      addStyle(box.style, used);
    }
    for (const child of childBoxes(box)) stack.push(child);
  }
  return used;
}
