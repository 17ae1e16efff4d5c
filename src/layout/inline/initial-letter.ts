/**
 * Initial letters (CSS Inline 3 §6), as Chromium sets them. A `::first-letter` with
 * `initial-letter: <size> <sink>` is a float at the start of its paragraph's first line (css/cascade.ts,
 * boxes/first-letter.ts) that layout resolves here into an ordinary float:
 *
 * - its font size makes the letter's cap height span `size` lines: from the cap height of the
 *   paragraph's first line to the baseline of line `size` (§6.3);
 * - its baseline sits on the baseline of line `sink`;
 * - its box is the glyphs' ink bounds, enclosed in whole pixels (Blink's initial letter box), so the
 *   lines beside it are shortened as far down as the ink reaches: a `Q`'s tail shortens one line
 *   more than an `L`; ink left of the glyph's origin overhangs the box's start instead;
 * - a letter raised above the paragraph's first line (`sink` < `size`) moves the lines down by
 *   whole lines until it fits under the paragraph's top.
 *
 * The paragraph's lines are assumed to be as tall as its strut (its own line height).
 */
import type { BlockBox, Box, InitialLetterSpec, InlineFlowBox, OutOfFlowBox } from '../../boxes/types.js';
import type { LayoutContext } from '../contract.js';
import { boxMemo, memoized } from '../box-memo.js';
import { withStyle } from '../../css/compute.js';
import { fontRequestFromStyle, platformFontSize } from '../../text/request.js';
import { glyphPolygons } from '../../text/outline.js';
import type { ShapedText } from '../../text/types.js';
import type { ExclusionSpace } from '../exclusions.js';
import { initialLettersBottom } from '../exclusions.js';
import { layoutBounds, lineHeightPlacingBaseline, usedLineHeight } from './vertical-align.js';

/** The float an initial letter is laid out as, and how far its paragraph's lines move down for it. */
export interface ResolvedInitialLetter {
  readonly box: BlockBox;
  readonly shift: number;
}

const RESOLVED = boxMemo<BlockBox, ResolvedInitialLetter>('initial letters');

/** The float of an initial letter (the same box each time it is asked: layout caches by box). */
export function resolveInitialLetter(box: BlockBox, spec: InitialLetterSpec, ctx: LayoutContext): ResolvedInitialLetter {
  return memoized(ctx, RESOLVED, box, '', () => resolvedLetter(box, spec, ctx));
}

/** The box a float lays out: an initial letter's resolved float, or the box itself. */
export function floatBox(box: OutOfFlowBox['box'], ctx: LayoutContext): OutOfFlowBox['box'] {
  return box.kind === 'block' && box.initialLetter !== undefined ? resolveInitialLetter(box, box.initialLetter, ctx).box : box;
}

/**
 * Where a paragraph's first line goes: at `top`, or, when the paragraph opens with an initial
 * letter, below the initial letters of earlier paragraphs that reach down beside it (a paragraph
 * shorter than its letter: Blink clears the next letter, and the lines with it, from it, where a
 * float would sit beside it) and down again for a letter raised above the line.
 */
export function letterTop(box: InlineFlowBox, top: number, exclusions: ExclusionSpace, ctx: LayoutContext): number {
  const letter = leadingInitialLetter(box);
  return letter === undefined ? top : initialLettersBottom(exclusions, top) + resolveInitialLetter(letter.box, letter.spec, ctx).shift;
}

/** The initial letter float at the start of a paragraph's content (inside its leading inline boxes), if any. */
function leadingInitialLetter(box: InlineFlowBox): { readonly box: BlockBox; readonly spec: InitialLetterSpec } | undefined {
  let children: readonly Box[] = box.children;
  for (let depth = 0; depth < 64; depth++) {
    const first = children.find((child) => child.kind !== 'text' || child.text.trim() !== '');
    if (first === undefined) return undefined;
    if (first.kind === 'out-of-flow') {
      const float = first.box;
      return float.kind === 'block' && float.initialLetter !== undefined ? { box: float, spec: float.initialLetter } : undefined;
    }
    if (first.kind !== 'inline') return undefined;
    children = first.children;
  }
  return undefined;
}

function resolvedLetter(box: BlockBox, spec: InitialLetterSpec, ctx: LayoutContext): ResolvedInitialLetter {
  const paragraph = spec.paragraph;
  const text = ctx.text;
  const strut = text.metrics(fontRequestFromStyle(paragraph));
  const lineHeight = usedLineHeight(paragraph, strut);
  // the first line's baseline where the strut puts it (on whole px, as Blink splits the leading)
  const firstBaseline = layoutBounds(strut, lineHeight).above;
  const style = box.style;
  // the cap height of the letter's font per px of font size (0.7 for a font that gives none)
  const unit = text.metrics({ ...fontRequestFromStyle(style), size: 100 });
  const capRatio = unit.capHeight > 0 ? unit.capHeight / 100 : 0.7;
  const fontSize = Math.max(1, ((spec.size - 1) * lineHeight + strut.capHeight) / capRatio);
  const request = { ...fontRequestFromStyle(style), size: platformFontSize(fontSize) };
  const shaped = text.shape(textOf(box), request);
  const own = text.metrics(request);
  const ink = inkBounds(shaped, own);
  const baseline = firstBaseline + (spec.sink - 1) * lineHeight;
  const top = baseline - ink.above;
  // a raised letter: the lines go down by whole lines until its ink is under the paragraph's top
  const shift = top < -0.01 ? Math.ceil(-top / lineHeight - 1e-6) * lineHeight : 0;
  const edgesTop = (typeof style.paddingTop === 'number' ? style.paddingTop : 0) + style.borderTopWidth;
  const rtl = style.direction === 'rtl';
  // ink left of the origin (an italic A, a swash J) overhangs the box's start: Chromium 156 moves
  // the glyph in by a positive side bearing only, never out by a negative one
  const start = rtl ? ink.left : Math.max(0, ink.left);
  // withStyle: a record of the hidden class of every computed style, which layout and paint read
  const resolvedStyle = withStyle(style, {
    fontSize,
    boxSizing: 'content-box',
    width: ink.right - start,
    height: ink.above + ink.below,
    minWidth: 'auto', maxWidth: 'none', minHeight: 'auto', maxHeight: 'none',
    marginTop: top - edgesTop,
    marginBottom: 0,
    paddingBottom: 0,
    // the line's baseline at the ink's top plus its ascent
    lineHeight: lineHeightPlacingBaseline(own, ink.above),
    // the glyphs' ink starts at the box's start edge
    textIndent: { length: rtl ? ink.right - shaped.width : -start, hanging: false, eachLine: false },
    textWrapMode: 'nowrap', whiteSpace: 'nowrap',
    verticalAlign: 'baseline',
  });
  const letter = { fontSize, lineHeight: resolvedStyle.lineHeight, textWrapMode: 'nowrap', whiteSpace: 'nowrap' } as const;
  const children = box.children.map((child) => (child.kind === 'text' ? { ...child, style: withStyle(child.style, letter) } : child));
  return { box: { ...box, style: resolvedStyle, children } as BlockBox, shift };
}


function textOf(box: BlockBox): string {
  let text = '';
  for (const child of box.children) if (child.kind === 'text') text += child.text;
  return text;
}

/**
 * The ink of the shaped letter, px, around its origin on the baseline, enclosed in whole pixels:
 * `left`/`right` from the origin, `above`/`below` the baseline. Glyphs without outlines (bitmap
 * emoji) count as their advance and the font's ascent and descent.
 */
function inkBounds(shaped: ShapedText, font: { readonly ascent: number; readonly descent: number }): { left: number; right: number; above: number; below: number } {
  let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity;
  let x = 0;
  for (const run of shaped.runs) {
    for (const glyph of run.glyphs) {
      const originX = x + glyph.xOffset;
      const originY = -glyph.yOffset;
      let drawn = false;
      for (const polygon of glyphPolygons(run.face, glyph.id, run.size)) {
        for (const point of polygon) {
          drawn = true;
          left = Math.min(left, originX + point.x);
          right = Math.max(right, originX + point.x);
          top = Math.min(top, originY + point.y);
          bottom = Math.max(bottom, originY + point.y);
        }
      }
      if (!drawn && glyph.advance > 0) {
        left = Math.min(left, originX);
        right = Math.max(right, originX + glyph.advance);
        top = Math.min(top, -font.ascent);
        bottom = Math.max(bottom, font.descent);
      }
      x += glyph.advance;
    }
  }
  if (left > right) return { left: 0, right: 0, above: 0, below: 0 };
  return { left: Math.floor(left), right: Math.ceil(right), above: Math.max(0, -Math.floor(top)), below: Math.max(0, Math.ceil(bottom)) };
}
