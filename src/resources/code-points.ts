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
import { someBox } from '../boxes/types.js';
import type { CounterStyleSet } from '../css/types.js';
import type { ComputedStyle, ContentItem } from '../css/types.js';

const LAYOUT_CHARACTERS = [0x2010, 0x2011, 0x2013, 0x2026, 0x2022, 0x25e6, 0x25aa, 0xa0];

function addText(text: string, into: Set<number>): void {
  for (const variant of [text, text.toUpperCase(), text.toLowerCase()]) {
    for (const character of variant) into.add(character.codePointAt(0)!);
  }
}

/** The characters `content` items may print once counters and cross-references are known. */
function addContentItems(items: readonly ContentItem[], into: Set<number>, styles: CounterStyleSet): void {
  for (const item of items) {
    switch (item.kind) {
      case 'string': addText(item.value, into); break;
      case 'leader': addText(item.pattern, into); break;
      case 'counter': case 'target-counter': addText(styles.characters(item.style), into); break;
      case 'counters': case 'target-counters': addText(styles.characters(item.style) + item.separator, into); break;
      default: break;
    }
  }
}

function addStyle(style: ComputedStyle, into: Set<number>, styles: CounterStyleSet): void {
  if (Array.isArray(style.content)) addContentItems(style.content as readonly ContentItem[], into, styles);
  if (Array.isArray(style.stringSet)) for (const set of style.stringSet as readonly { readonly items: readonly ContentItem[] }[]) addContentItems(set.items, into, styles);
  const marker = style.listStyleType;
  if (typeof marker === 'string') addText(styles.characters(marker), into);
  else addText(marker.value, into);
}

/** A text box's characters; another box's style's, the first time the walk meets that style. */
function addBox(box: Box, into: { readonly used: Set<number>; readonly styles: Set<ComputedStyle>; readonly counterStyles: CounterStyleSet }): boolean {
  if (box.kind === 'text') {
    addText(box.text, into.used);
    return false;
  }
  // an image's alt text prints when the image does not load
  if (box.kind === 'replaced' && box.alt !== '') addText(box.alt, into.used);
  if (!into.styles.has(box.style)) {
    into.styles.add(box.style);
    addStyle(box.style, into.used, into.counterStyles);
  }
  return false;
}

/** `marginContent`: the items of the page-margin boxes' `content` (../css/page.ts marginBoxContentItems). */
export function usedCodePoints(boxes: BoxTree, marginContent: readonly ContentItem[], counterStyles: CounterStyleSet): Set<number> {
  const used = new Set<number>(LAYOUT_CHARACTERS);
  for (let code = 0x20; code < 0x7f; code++) used.add(code);
  addContentItems(marginContent, used, counterStyles);
  // each style once: most boxes share their parent's
  someBox(boxes.root, addBox, { used, styles: new Set<ComputedStyle>(), counterStyles });
  return used;
}
