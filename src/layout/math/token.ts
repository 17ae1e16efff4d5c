/**
 * Token elements (`mi`, `mn`, `mo`, `mtext`, `ms`; MathML Core §3.2): their text laid out as a
 * block container on one line, the box as wide as the text's advance and as tall as its ink —
 * the glyphs' outline boxes, rounded to whole pixels — as Chromium sizes math tokens (an `=` is 4px
 * tall at 16px), so scripts and fraction bars sit against the glyphs. A letter drawn in math italic
 * is measured as written, in the token's font (Chromium's MathTokenLayoutAlgorithm measures the
 * token's characters); Chromium's hinted glyphs can make a token 1px taller or shorter.
 */
import type { MathBox } from '../../boxes/types.js';
import type { Fragment } from '../types.js';
import type { LayoutContext, LayoutInput } from '../contract.js';
import { layoutBox } from '../contract.js';
import { offsetFragment } from '../fragment.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { glyphAdvanceWidth, glyphControlBox } from '../../text/fontkit.js';
import { mathTableOf } from '../../text/math-parameters.js';
import { LineRecord, withBoxFields, withTextFields } from '../fragment-records.js';
import type { BoxFragment, TextFragment } from '../types.js';
import type { MathContent } from './index.js';
import type { ComputedStyle } from '../../css/model/types.js';
import { fontRequestFromStyle } from '../../text/request.js';
import type { GlyphRun } from '../../text/types.js';

export function tokenContent(box: MathBox, ctx: LayoutContext): MathContent {
  const content = box.content!;
  // laid out on one unbounded line (tokens never wrap, their text starts the line: math.ts), then
  // cut to the text's extent: measuring the max-content width first would lay it out twice
  const laid = layoutBox(content, UNBOUNDED_LINE, ctx);
  if (laid.kind !== 'placed') return { children: [], width: 0, ascent: 0, descent: 0 };
  const unbounded = offsetFragment(laid.fragment, -laid.fragment.x, -laid.fragment.y);
  const fragment = withBoxFields(unbounded, { width: contentExtent(unbounded) });
  const baseline = laid.baselines.first ?? fragment.height;
  const ink = { top: Infinity, bottom: -Infinity };
  if (box.writtenText === undefined) inkOf(fragment.children, 0, ink);
  else writtenInk(box.writtenText, box.style, ctx, baseline, ink);
  const { ascent, descent } = inkExtent(ink, baseline);
  return { children: [offsetFragment(fragment, 0, ascent - baseline)], width: fragment.width, ascent, descent };
}

/** The input of a box laid out alone on an unbounded line (a token's text, a table inside a formula). */
export const UNBOUNDED_LINE = {
  mode: 'layout', available: 1e6, containingWidth: 0, containingHeight: undefined,
  x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer: undefined, exclusions: NO_EXCLUSIONS,
} as const satisfies LayoutInput;

/** How far the content of a token's block reaches: its lines' children's right edges, plus its own right padding and border. */
function contentExtent(block: BoxFragment): number {
  let right = 0;
  for (const line of block.children) {
    if (line.kind !== 'line') continue;
    for (const child of line.children) right = Math.max(right, line.x + child.x + child.width);
  }
  return right + block.padding.right + block.border.right;
}

/** Ascent and descent of the ink about `baseline`, rounded to whole pixels (Chromium's glyph bounds are). */
function inkExtent(ink: { top: number; bottom: number }, baseline: number): { ascent: number; descent: number } {
  const ascent = Number.isFinite(ink.top) ? Math.max(0, Math.round(baseline - ink.top)) : 0;
  const descent = Number.isFinite(ink.bottom) ? Math.max(-ascent, Math.round(ink.bottom - baseline)) : 0;
  return { ascent, descent };
}

/**
 * A token of one glyph (laid out by tokenContent, `token` its math box fragment) with the glyph
 * replaced by the first of its vertical variants in the font's MATH table at least `height` tall
 * (else the largest): the token's fragment, ascent and descent; undefined when the glyph has none.
 */
export function withGlyphVariant(token: BoxFragment, height: number): { fragment: BoxFragment; ascent: number; descent: number } | undefined {
  const found = singleGlyph(token);
  if (found === undefined) return undefined;
  const { text, baseline } = found;
  const placed = text.runs[0]!;
  const run = placed.run;
  const glyph = run.glyphs[0]!;
  const variants = mathTableOf(run.face)?.verticalVariants(glyph.id) ?? [];
  const scale = run.size / run.face.unitsPerEm;
  const variant = variants.find((v) => v.advance * scale >= height) ?? variants[variants.length - 1];
  if (variant === undefined || variant.glyph === glyph.id) return undefined;
  const advance = glyphAdvanceWidth(run.face.program, variant.glyph) * scale;
  const grownRun = { ...run, glyphs: [{ ...glyph, id: variant.glyph, advance }], width: advance };
  const grownText = withTextFields(text, { width: advance, runs: [{ run: grownRun, x: placed.x, advances: [advance] }] });
  const widen = advance - text.width;
  const fragment = replaceText(token, text, grownText, widen);
  const ink = { top: Infinity, bottom: -Infinity };
  inkOf(fragment.children, 0, ink);
  const extent = inkExtent(ink, baseline);
  // the content's baseline moves to the new ascent (the token's top is the ink's top)
  return { fragment: withBoxFields(fragment, { height: extent.ascent + extent.descent, children: fragment.children.map((child) => offsetFragment(child, 0, extent.ascent - baseline)) }), ...extent };
}

/** The one text fragment of one glyph in a token's fragment, and its baseline in the token's frame. */
function singleGlyph(token: BoxFragment): { text: TextFragment; baseline: number } | undefined {
  let found: { text: TextFragment; baseline: number } | undefined;
  let count = 0;
  const visit = (fragments: readonly Fragment[], dy: number): void => {
    for (const f of fragments) {
      if (f.kind === 'text') {
        count += f.runs.reduce((sum, placed) => sum + placed.run.glyphs.length, 0);
        found = { text: f, baseline: dy + f.baseline };
      } else if (f.kind === 'line' || f.kind === 'box') visit(f.children, dy + f.y);
    }
  };
  visit(token.children, 0);
  return count === 1 ? found : undefined;
}

/** `fragment` with text fragment `from` replaced by `to`, and every box and line around it `widen` wider. */
function replaceText<F extends Fragment>(fragment: F, from: TextFragment, to: TextFragment, widen: number): F {
  if (fragment === from) return to as Fragment as F;
  if (fragment.kind === 'box') return withBoxFields(fragment, { width: fragment.width + widen, children: fragment.children.map((child) => replaceText(child, from, to, widen)) }) as Fragment as F;
  if (fragment.kind === 'line') {
    return new LineRecord({ width: fragment.width + widen, height: fragment.height, children: fragment.children.map((child) => replaceText(child, from, to, widen)) }, fragment.x, fragment.y, fragment.baseline) as Fragment as F;
  }
  return fragment;
}

/** The extent of the outline boxes of `text`'s glyphs shaped in `style`'s font, on `baseline`, into `ink`. */
function writtenInk(text: string, style: ComputedStyle, ctx: LayoutContext, baseline: number, ink: { top: number; bottom: number }): void {
  for (const run of ctx.text.shape(text, fontRequestFromStyle(style)).runs) runInk(run, baseline, ink);
}

/** The extent of a run's glyphs' outline boxes on `baseline`, into `ink`. */
function runInk(run: GlyphRun, baseline: number, ink: { top: number; bottom: number }): void {
  const scale = run.size / run.face.unitsPerEm;
  for (const glyph of run.glyphs) {
    const box = glyphControlBox(run.face.program, glyph.id);
    if (box === undefined || box.yMax <= box.yMin) continue;
    ink.top = Math.min(ink.top, baseline - box.yMax * scale - glyph.yOffset);
    ink.bottom = Math.max(ink.bottom, baseline - box.yMin * scale - glyph.yOffset);
  }
}

/** The extent of the glyphs' outline boxes below `fragments` (in the frame `dy` above theirs), into `ink`. */
function inkOf(fragments: readonly Fragment[], dy: number, ink: { top: number; bottom: number }): void {
  for (const f of fragments) {
    if (f.kind === 'text') {
      for (const placed of f.runs) runInk(placed.run, dy + f.baseline, ink);
    } else if (f.kind === 'line' || f.kind === 'box') {
      inkOf(f.children, dy + f.y, ink);
    }
  }
}
