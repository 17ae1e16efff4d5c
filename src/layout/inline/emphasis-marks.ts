/**
 * Emphasis marks (CSS Text Decoration 3 §3): text whose `text-emphasis-style` is not `none` gets
 * one mark per typographic character unit — not on spaces, punctuation or control characters
 * (§3.5, as Chromium leaves them) — centred on the unit's advance, at half the font size, over or
 * under the line (right or left of a vertical one). The marks are shaped here, in the text's
 * fonts, and carried by the text fragment (`TextFragment.emphasis`): paint has no shaper.
 *
 * Where they go is fitted to Chromium's printed PDFs: the mark is set at half the font size rounded
 * to a whole pixel (as Blink's emphasis font), its em box standing midway between the text's em box
 * and its ascent (under: hanging midway between the em box and the descent) — within 0.3px of
 * Chromium's marks on 20px Liberation Sans, by eye on 18px Noto Sans CJK — and lines grow for the
 * marks only where their leading leaves too little room (`emphasisReach`).
 */
import type { ComputedStyle, EmphasisShape } from '../../css/types.js';
import type { FontRequest, GlyphRun, ScaledFontMetrics, TextSystem } from '../../text/types.js';
import { fontRequestFromStyle } from '../../text/request.js';
import { scaleMetrics } from '../../text/metrics.js';
import { isVariationSelector } from '../../text/code-points.js';
import type { EmphasisMarks, PlacedRun } from '../types.js';

/** The mark of each shape, filled and open (§3.1). */
const SHAPE_MARKS: Readonly<Record<EmphasisShape, readonly [filled: string, open: string]>> = {
  dot: ['\u2022', '\u25E6'],
  circle: ['\u25CF', '\u25CB'],
  'double-circle': ['\u25C9', '\u25CE'],
  triangle: ['\u25B2', '\u25B3'],
  sesame: ['\uFE45', '\uFE46'],
};

/** The mark `style` asks for, or undefined (`none`, an empty string). */
export function emphasisMarkText(style: ComputedStyle): string | undefined {
  const emphasis = style.textEmphasisStyle;
  if (emphasis === 'none') return undefined;
  if ('string' in emphasis) return emphasis.string === '' ? undefined : emphasis.string;
  const shape = emphasis.shape ?? (isVertical(style) ? 'sesame' : 'circle');
  return SHAPE_MARKS[shape][emphasis.fill === 'filled' ? 0 : 1];
}

function isVertical(style: ComputedStyle): boolean {
  return style.writingMode !== 'horizontal-tb';
}

/**
 * Whether the marks go on the line's over side (its top, in the frame lines are laid out in: the
 * right of a vertical line, the left of a `sideways-lr` one).
 */
function marksOver(style: ComputedStyle): boolean {
  const position = style.textEmphasisPosition;
  if (!isVertical(style)) return position.over;
  return style.writingMode === 'sideways-lr' ? !position.right : position.right;
}

/** A mark shaped once per style and render: its glyphs at the mark's size and the metrics that place it. */
interface Mark {
  readonly run: GlyphRun;
  /** The mark's em box (px): its ascent and descent at the mark's size. */
  readonly emAscent: number;
  readonly emDescent: number;
  readonly over: boolean;
}

const NO_FEATURES: Readonly<Record<string, number>> = Object.freeze({});

/** Marks by style, per text system (a render's: the faces it shapes with are the ones its PDF embeds). */
const MARKS = new WeakMap<TextSystem, WeakMap<ComputedStyle, Mark | null>>();

function markOf(style: ComputedStyle, text: TextSystem, lang: string | undefined): Mark | undefined {
  let byStyle = MARKS.get(text);
  if (byStyle === undefined) MARKS.set(text, (byStyle = new WeakMap()));
  let mark = byStyle.get(style);
  if (mark === undefined) {
    mark = shapeMark(style, text, lang) ?? null;
    byStyle.set(style, mark);
  }
  return mark ?? undefined;
}

function shapeMark(style: ComputedStyle, text: TextSystem, lang: string | undefined): Mark | undefined {
  const mark = emphasisMarkText(style);
  if (mark === undefined) return undefined;
  const base = fontRequestFromStyle(style, lang);
  // Blink's emphasis font is the text's at half its size, rounded to a whole pixel
  const size = Math.max(1, Math.round(base.size / 2));
  // the mark alone: no small capitals or other features of the text
  const { caps: _caps, ...plain } = base;
  const request: FontRequest = { ...plain, size, features: NO_FEATURES };
  const runs = text.shape(mark, request).runs;
  const run = runs[0];
  if (run === undefined || run.glyphs.length === 0) return undefined;
  const metrics = scaleMetrics(run.face, run.size);
  return { run, emAscent: metrics.emAscent, emDescent: metrics.emDescent, over: marksOver(style) };
}

/**
 * How far above and below its baseline a box in `style` reaches with its marks: the mark's em box
 * stacked on the text's em box, over or under it, as a ruby annotation's (§3.1 "like ruby"). The
 * line takes the larger of this and the box's leaded bounds, so marks use the leading first.
 * Chromium's lines (measured at `line-height` 1 to 2, Noto Sans CJK and Liberation Sans at 18px)
 * come out within a pixel under the text and over CJK, 2.5px taller over Latin text. Undefined
 * when the style draws no marks.
 */
export function emphasisReach(style: ComputedStyle, font: ScaledFontMetrics, text: TextSystem, lang: string | undefined): { readonly above: number; readonly below: number } | undefined {
  const mark = markOf(style, text, lang);
  if (mark === undefined) return undefined;
  const height = mark.emAscent + mark.emDescent;
  return mark.over ? { above: font.emAscent + height, below: 0 } : { above: 0, below: font.emDescent + height };
}

/**
 * The marks of a text fragment's runs (x from its left edge, `text.x`), or undefined when none of
 * its characters takes one.
 */
export function emphasisMarks(
  text: { readonly style: ComputedStyle; readonly runs: readonly PlacedRun[]; readonly x: number }, font: ScaledFontMetrics, system: TextSystem, lang: string | undefined,
): EmphasisMarks | undefined {
  const { style, runs, x: left } = text;
  const mark = markOf(style, system, lang);
  if (mark === undefined) return undefined;
  const markAdvance = mark.run.width;
  const xs: number[] = [];
  for (const placed of runs) {
    const glyphs = placed.run.glyphs;
    let x = placed.x - left;
    // a unit is a glyph whose first character starts a grapheme, and the glyphs joined to it
    let unitStart = NaN;
    let unitWidth = 0;
    for (let i = 0; i < glyphs.length; i++) {
      const glyph = glyphs[i]!;
      const advance = placed.advances[i] ?? glyph.advance;
      const first = glyph.codePoints[0];
      if (first !== undefined && !continuesGrapheme(first)) {
        if (!Number.isNaN(unitStart)) xs.push(unitStart + unitWidth / 2 - markAdvance / 2);
        unitStart = takesMark(first) ? x : NaN;
        unitWidth = 0;
      }
      unitWidth += advance;
      x += advance;
    }
    if (!Number.isNaN(unitStart)) xs.push(unitStart + unitWidth / 2 - markAdvance / 2);
  }
  if (xs.length === 0) return undefined;
  // the mark's em box stands (hangs) midway between the text's em box and its ascent (descent)
  const dy = mark.over ? -((font.ascent + font.emAscent) / 2 + mark.emDescent) : (font.descent + font.emDescent) / 2 + mark.emAscent;
  return { run: mark.run, xs, dy, color: style.textEmphasisColor };
}

/**
 * The marks of a fragment cut down to its glyphs from `from` to `to` (a line's ellipsis,
 * ellipsis.ts), x from the cut fragment's left edge `from`: the marks over glyphs cut off go too.
 */
export function marksWithin(marks: EmphasisMarks | undefined, left: number, from: number, to: number): EmphasisMarks | undefined {
  if (marks === undefined) return undefined;
  const half = marks.run.width / 2;
  const xs = marks.xs.filter((x) => left + x + half >= from && left + x + half <= to).map((x) => left + x - from);
  return xs.length === 0 ? undefined : { ...marks, xs };
}

/** Characters that take no mark (§3.5): separators, punctuation, control and format characters, unassigned code points. */
const NO_MARK = /^[\p{Z}\p{P}\p{Cc}\p{Cf}\p{Cn}]/u;
/** Combining marks: they belong to the grapheme before them. */
const COMBINING = /^\p{M}/u;

function takesMark(codePoint: number): boolean {
  return !NO_MARK.test(String.fromCodePoint(codePoint));
}

/** Whether the character belongs to the grapheme before it: a combining mark, a joiner, a variation selector. */
function continuesGrapheme(codePoint: number): boolean {
  if (codePoint < 0x300) return false;
  if (codePoint === 0x200c || codePoint === 0x200d || isVariationSelector(codePoint)) return true;
  return COMBINING.test(String.fromCodePoint(codePoint));
}
