/**
 * Min-content and max-content widths of plain text (CSS Sizing 3 §5.1) from the shaped words'
 * widths, without building pieces. Plain: a block container whose inline content is text only,
 * left to right, in styles that add nothing to the glyphs' advances (no letter- or
 * word-spacing) and that break only between words (no hyphenation, preserved tabs or forced
 * breaks, `word-break: normal`, no `overflow-wrap: anywhere`). Then the min-content width is the
 * widest run between break opportunities and the max-content width the whole line, each less the
 * spaces hanging at its end: the sums `inlineIntrinsicSizes` makes over the pieces `measure`
 * would build, in the same order, so the numbers are the same to the last bit.
 *
 * For callers that do not keep the pieces (a table's column pass measures every cell long before
 * it is laid out): building them only to throw them away cost as much as measuring for layout.
 */
import type { BoxElement, InlineFlowBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { TextItem } from './items.js';
import { blockLanguage, linkFollowingText, transformText } from './items.js';
import { isLeftToRightOnly } from './bidi.js';
import { mayTrimSpacing } from './spacing-trim.js';
import type { TextEnv } from './measure.js';
import { plainFacts } from './measure.js';
import { kerningAfter, nextCharacter } from './kerning-across.js';
import { fontRequestFromStyle } from '../../text/request.js';
import type { ShapedText } from '../../text/types.js';
import type { TextCuts } from './pieces.js';
import { breakMapOf, cutText } from './pieces.js';
import type { IntrinsicSizes } from './intrinsic.js';
import { textIndentOfLine } from './text-indent.js';

/** The intrinsic sizes of the box's content when it is plain text, else undefined (measure it). */
export function plainTextIntrinsicSizes(box: InlineFlowBox, env: TextEnv & { readonly langs: WeakMap<BoxElement, string> }): IntrinsicSizes | undefined {
  // an indented first line (intrinsic.ts) is left to measuring
  if (textIndentOfLine(box.style.textIndent, true, false, 0) !== 0) return undefined;
  const items = plainTextItems(box, env.langs);
  if (items === undefined) return undefined;
  const opportunities = breakMapOf(items.list, items.text);
  const sums = new PlainTextSums(env);
  for (const item of items.list) {
    sums.item = item;
    cutText(item, opportunities, sums);
  }
  const minContent = Math.max(sums.minContent, sums.chunk - sums.hang);
  return { minContent, maxContent: Math.max(0, sums.line - sums.hang, minContent) };
}

/**
 * The running sums over the cut text. An object of a class, not an object literal with a method
 * closing over locals: such a closure is made per call and its optimised code dies with it at
 * each full GC, so V8 compiled it again and again.
 */
class PlainTextSums implements TextCuts {
  item: TextItem | undefined = undefined;
  minContent = 0;
  line = 0;
  chunk = 0;
  hang = 0;
  private readonly measured: StretchWidth = { width: 0, trailingSpace: 0 };

  constructor(private readonly env: TextEnv) {}

  text(from: number, to: number, breakAfter: boolean): void {
    const measured = this.measured;
    measurePlainWidth(this.item!, from, to, this.env, measured);
    this.chunk += measured.width;
    this.line += measured.width;
    this.hang = measured.trailingSpace;
    if (breakAfter) {
      this.minContent = Math.max(this.minContent, this.chunk - this.hang);
      this.chunk = 0;
    }
  }

  tab(): never {
    throw new Error('plain text preserves no tabs');
  }
}

/** The content's text items (as `collectInlineItems` makes them), or undefined when it is not plain text. */
function plainTextItems(box: InlineFlowBox, langs: WeakMap<BoxElement, string>): { list: TextItem[]; text: string } | undefined {
  const list: TextItem[] = [];
  let text = '';
  // the block's language, as collectInlineItems gives its text (the fonts and forms follow it); asked once a text is met
  let lang: string | undefined;
  for (const child of box.children) {
    if (child.kind !== 'text' || !isPlainStyle(child.style)) return undefined;
    lang ??= blockLanguage(box, langs);
    const transformed = transformText(child.text, child.style.textTransform, lang, text);
    list.push({ kind: 'text', style: child.style, text: transformed, start: text.length, parent: undefined, lang, listSymbol: undefined, following: undefined });
    text += transformed;
  }
  if (NOT_PLAIN.test(text) || !isLeftToRightOnly(box.style, text) || trimsSpacing(list)) return undefined;
  linkFollowingText(list);
  return { list, text };
}

/** Whether `text-spacing-trim` may change an item's spacing (a loop, not a closure made per cell). */
function trimsSpacing(list: readonly TextItem[]): boolean {
  for (let i = 0; i < list.length; i++) if (mayTrimSpacing(list[i]!.text, list[i]!.style.textSpacingTrim)) return true;
  return false;
}

/** Tabs, forced breaks (UAX #14 BK, CR, LF, NL) and soft hyphens (hyphenation opportunities). */
const NOT_PLAIN = /[\t\n\v\f\r\u0085\u00ad\u2028\u2029]/;

function isPlainStyle(style: ComputedStyle): boolean {
  return (style.whiteSpace === 'normal' || style.whiteSpace === 'nowrap') && style.letterSpacing === 0 && style.wordSpacing === 0
    && style.hyphens !== 'auto' && style.wordBreak === 'normal' && style.overflowWrap !== 'anywhere';
}

/** A stretch's width and the width of the spaces at its end, as `measureText` gives them. */
interface StretchWidth {
  width: number;
  trailingSpace: number;
}

/**
 * `measureText`'s `width` and `trailingSpace` of a stretch of plain text — level 0 throughout, no
 * letter- or word-spacing, no soft hyphen, no hyphen inserted, no newline (the caller checks) —
 * summed in the same order, into `out`, without making the piece: for sizes that need no glyphs.
 */
function measurePlainWidth(item: TextItem, from: number, to: number, env: TextEnv, out: StretchWidth): void {
  const raw = item.text.slice(from, to);
  let bodyEnd = raw.length;
  while (bodyEnd > 0 && raw[bodyEnd - 1] === ' ') bodyEnd--;
  const request = fontRequestFromStyle(item.style, item.lang);
  let width = 0;
  let trailingSpace = 0;
  const body = bodyEnd === raw.length ? raw : raw.slice(0, bodyEnd);
  if (bodyEnd > 0) width = addRunWidths(width, env.text.shape(body, request, LTR), env);
  if (bodyEnd === raw.length && bodyEnd > 0) {
    // as measureText adds it (kerningAfter): hanging at a line end, as trailing spaces do
    const endKerning = kerningAfter(env, request, body, nextCharacter(item, to, false));
    if (endKerning !== 0) {
      width += endKerning;
      trailingSpace += endKerning;
    }
  }
  if (bodyEnd < raw.length) {
    const trailing = raw.slice(bodyEnd);
    // as measureText adds them (kerningAfter)
    if (bodyEnd > 0) width += kerningAfter(env, request, body, trailing.charCodeAt(0));
    const shaped = env.text.shape(trailing, request, LTR);
    width = addRunWidths(width, shaped, env);
    trailingSpace = addRunWidths(trailingSpace, shaped, env);
    const after = kerningAfter(env, request, trailing, nextCharacter(item, to, false));
    if (after !== 0) {
      width += after;
      trailingSpace += after;
    }
  }
  out.width = width;
  out.trailingSpace = trailingSpace;
}

/** `total` plus each run's width in turn (as `measureText` adds them). */
function addRunWidths(total: number, shaped: ShapedText, env: TextEnv): number {
  let sumOfRuns = total;
  for (let r = 0; r < shaped.runs.length; r++) sumOfRuns += plainFacts(shaped.runs[r]!, env).width;
  return sumOfRuns;
}

const LTR = Object.freeze({ direction: 'ltr' as const });
