/**
 * Bidi levels of an inline formatting context (CSS Writing Modes 3 §2.4, UAX #9) and the visual
 * reordering of a line (UAX #9 L2).
 *
 * `unicode-bidi` on an inline box is applied as the control characters of CSS Writing Modes 3
 * §2.4.2 around its content, in a copy of the context's text used only for the algorithm; the
 * paragraph level comes from the block container's `direction` (or from its first strong
 * character for `unicode-bidi: plaintext`).
 */
import type { ComputedStyle } from '../../css/types.js';
import type { BoxElement } from '../../boxes/types.js';
import { BIDI_CONTROL, embeddingLevels, firstStrongLevel, mayNeedBidi } from '../../text/bidi.js';
import type { InlineItem } from './items.js';

export interface BidiLevels {
  /** Level of every UTF-16 unit of the context's text; undefined when all are `paragraphLevel` 0. */
  readonly levels: Uint8Array | undefined;
  readonly paragraphLevel: number;
}

export const LTR_ONLY: BidiLevels = Object.freeze({ levels: undefined, paragraphLevel: 0 });

/**
 * The controls opening and closing an inline box's content (CSS Writing Modes 3 §2.4.2 table).
 * An element with `dir=auto` isolates its content with its own first strong direction (HTML
 * §3.2.6.4: FSI instead of LRI/RLI).
 */
export function bidiControls(style: ComputedStyle, dirAuto = false): { readonly open: string; readonly close: string } {
  const rtl = style.direction === 'rtl';
  const C = BIDI_CONTROL;
  if (dirAuto && style.unicodeBidi === 'isolate') return { open: C.FSI, close: C.PDI };
  switch (style.unicodeBidi) {
    case 'normal': return { open: '', close: '' };
    case 'embed': return { open: rtl ? C.RLE : C.LRE, close: C.PDF };
    case 'isolate': return { open: rtl ? C.RLI : C.LRI, close: C.PDI };
    case 'bidi-override': return { open: rtl ? C.RLO : C.LRO, close: C.PDF };
    case 'isolate-override': return { open: (rtl ? C.RLI : C.LRI) + (rtl ? C.RLO : C.LRO), close: C.PDF + C.PDI };
    case 'plaintext': return { open: C.FSI, close: C.PDI };
  }
}

/** True when a box's controls can raise some text to an odd level. */
function mayEmbedRtl(style: ComputedStyle): boolean {
  return style.unicodeBidi !== 'normal' && (style.direction === 'rtl' || style.unicodeBidi === 'plaintext');
}

/**
 * Whether the element takes its direction from its text: `dir=auto`, or a `<bdi>` without a valid
 * `dir` (HTML §4.5.24: its `dir` defaults to auto, it never inherits its parent's direction).
 */
function isDirAuto(element: BoxElement | undefined): boolean {
  const dir = element?.attribs['dir']?.trim().toLowerCase();
  return dir === 'auto' || (element?.name === 'bdi' && dir !== 'ltr' && dir !== 'rtl');
}

/** A context whose root and text keep every character at level 0 unless an inline box embeds (then `resolveBidi` gives LTR_ONLY). */
export function isLeftToRightOnly(root: ComputedStyle, text: string): boolean {
  return root.direction !== 'rtl' && root.unicodeBidi !== 'plaintext' && !mayNeedBidi(text);
}

/** Whether an inline box of the context may embed right-to-left text or takes its direction from its content (a loop: this runs for every context). */
function embedsAny(items: readonly InlineItem[]): boolean {
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind === 'open' && (mayEmbedRtl(item.box.style) || isDirAuto(item.box.element))) return true;
  }
  return false;
}

export function resolveBidi(root: ComputedStyle, rootElement: BoxElement | undefined, items: readonly InlineItem[], text: string): BidiLevels {
  const rootRtl = root.direction === 'rtl';
  if (isLeftToRightOnly(root, text) && !embedsAny(items)) return LTR_ONLY;
  // The algorithm's text: the context's text with the boxes' controls; `real` marks its characters.
  const parts: string[] = [];
  const real: boolean[] = [];
  const push = (chunk: string, isReal: boolean): void => {
    if (chunk === '') return;
    parts.push(chunk);
    for (let i = 0; i < chunk.length; i++) real.push(isReal);
  };
  const rootControls = root.unicodeBidi === 'bidi-override' || root.unicodeBidi === 'isolate-override'
    ? { open: rootRtl ? BIDI_CONTROL.RLO : BIDI_CONTROL.LRO, close: BIDI_CONTROL.PDF }
    : { open: '', close: '' };
  push(rootControls.open, false);
  let at = 0;
  for (const item of items) {
    if (item.kind !== 'open' && item.kind !== 'close') continue;
    push(text.slice(at, item.start), true);
    at = item.start;
    const controls = bidiControls(item.box.style, isDirAuto(item.box.element));
    push(item.kind === 'open' ? controls.open : controls.close, false);
  }
  push(text.slice(at), true);
  push(rootControls.close, false);
  const full = parts.join('');
  const auto = root.unicodeBidi === 'plaintext' || isDirAuto(rootElement);
  const base = auto ? (firstStrongLevel(full) === 1 ? 'rtl' : 'ltr') : rootRtl ? 'rtl' : 'ltr';
  const all = embeddingLevels(full, base);
  const levels = new Uint8Array(text.length);
  let j = 0;
  for (let i = 0; i < full.length; i++) if (real[i]) levels[j++] = all[i]!;
  const paragraphLevel = base === 'rtl' ? 1 : 0;
  if (paragraphLevel === 0 && levels.every((level) => level === 0)) return LTR_ONLY;
  return { levels, paragraphLevel };
}

/** The level of the character at `index` (the paragraph level past the end). */
export function levelAt(bidi: BidiLevels, index: number): number {
  return bidi.levels === undefined || index < 0 || index >= bidi.levels.length ? bidi.paragraphLevel : bidi.levels[index]!;
}

/**
 * UAX #9 L2: the visual order of items with the given levels. From the highest level down to
 * the lowest odd one, every maximal sequence at that level or above is reversed.
 */
export function visualOrder(levels: readonly number[]): number[] {
  const order = levels.map((_, i) => i);
  let highest = 0;
  let lowestOdd = Infinity;
  for (const level of levels) {
    highest = Math.max(highest, level);
    lowestOdd = Math.min(lowestOdd, level | 1);
  }
  if (highest === 0) return order;
  for (let level = highest; level >= lowestOdd; level--) {
    let i = 0;
    while (i < order.length) {
      if (levels[order[i]!]! < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && levels[order[j]!]! >= level) j++;
      reverse(order, i, j);
      i = j;
    }
  }
  return order;
}

function reverse(array: number[], from: number, to: number): void {
  for (let a = from, b = to - 1; a < b; a++, b--) {
    const t = array[a]!;
    array[a] = array[b]!;
    array[b] = t;
  }
}
