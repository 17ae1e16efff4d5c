/**
 * `line-break` (CSS Text 3 §5.3) over the UAX #14 opportunities (text/breaks.ts, which gives
 * `normal`: a break before small kana and the prolonged sound mark after kana or Han, as Chromium):
 * `strict` takes those away; `loose` adds breaks before iteration marks after a CJK character;
 * `anywhere` allows a break between any two grapheme clusters, as Chromium 156 breaks them. Each
 * text's own `line-break` rules the breaks inside it; `auto` is `normal`, as in Chromium.
 */
import type { BreakMap } from './pieces.js';
import type { InlineItem, TextItem } from './items.js';
import { isSmallKanaClass } from '../../text/breaks.js';
import { graphemeSegmenter } from '../../graphemes.js';

/**
 * `loose`: the iteration marks 々 〻 ゝ ゞ ヽ ヾ may start a line. CSS Text 3 §5.3 lists hyphens,
 * leaders and centred punctuation too; Chromium 156 breaks before none of those, nor does octavo.
 */
const LOOSE_BEFORE: ReadonlySet<number> = new Set([0x3005, 0x303b, 0x309d, 0x309e, 0x30fd, 0x30fe]);
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u30ff\uff00-\uffef]/u;

/** The break map with each text's `line-break` applied; the same map when every text is `normal` or `auto`. */
export function withLineBreakRules(map: BreakMap, items: readonly InlineItem[], text: string): BreakMap {
  if (map.length === 0) return map; // no line wraps (white-space): only required breaks, and none here
  let rules: (boolean | undefined)[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind !== 'text' || item.style.lineBreak === 'normal' || item.style.lineBreak === 'auto') continue;
    rules ??= Array.from(map);
    applyRule(rules, item, text);
  }
  return rules ?? map;
}

function applyRule(map: (boolean | undefined)[], item: TextItem, text: string): void {
  const start = item.start;
  const end = start + item.text.length;
  switch (item.style.lineBreak) {
    case 'strict':
      for (let i = start + 1; i < end; i++) if (map[i] === false && isSmallKanaClass(text.charCodeAt(i))) map[i] = undefined;
      return;
    case 'loose':
      for (let i = Math.max(1, start); i < end; i++) {
        if (map[i] === undefined && LOOSE_BEFORE.has(text.charCodeAt(i)) && CJK.test(String.fromCodePoint(text.codePointAt(previousIndex(text, i))!))) map[i] = false;
      }
      return;
    case 'anywhere':
      for (const { index } of graphemeSegmenter().segment(item.text)) if (index > 0 && map[start + index] === undefined) map[start + index] = false;
      return;
    default:
      return;
  }
}

function previousIndex(text: string, i: number): number {
  const code = text.charCodeAt(i - 1);
  return i >= 2 && code >= 0xdc00 && code <= 0xdfff ? i - 2 : i - 1;
}
