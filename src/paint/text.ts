/**
 * Text painting (CSS Text Decoration 3 §2-3, CSS2 Appendix E step 7.2.1.3): per text fragment,
 * underlines and overlines, then one `glyphs` item per placed run, then line-throughs. The
 * decorations come from the decorating boxes above the text (propagated, never inherited).
 */
import type { Color, ComputedStyle } from '../css/types.js';
import { decorationDash, decorationDashCentre } from './decoration-dash.js';
import { resolveLength } from '../css/values/length.js';
import type { EmphasisMarks, Fragment, PlacedRun, TextFragment } from '../layout/types.js';
import type { Rect } from '../geometry/types.js';
import { rectsApart } from '../geometry/rect.js';
import type { FontFace } from '../text/types.js';
import { SYNTHETIC_OBLIQUE_SKEW } from '../text/types.js';
import { glyphControlBox } from '../text/fontkit.js';
import type { DisplayItem, PathSegment } from './display-list.js';
import { paintTextShadows } from './text-shadow.js';
import { uprightGlyphItems, uprightGlyphs, type UprightGlyph } from './upright-glyphs.js';
import { inkGaps, keptSpans } from './skip-ink.js';
import { appendAll } from '../append-all.js';
import { glyphsInPaintOrder } from './glyph-paint-order.js';

/** A text-decoration set by one decorating box, painted on all its in-flow inline text. */
export interface Decoration {
  readonly underline: boolean;
  readonly overline: boolean;
  readonly lineThrough: boolean;
  readonly color: Color;
  readonly style: ComputedStyle['textDecorationStyle'];
  readonly thickness: ComputedStyle['textDecorationThickness'];
  readonly underlineOffset: ComputedStyle['textUnderlineOffset'];
  readonly underlinePosition: ComputedStyle['textUnderlinePosition'];
  /** 1em of the decorating box, px: its percentages are of it, the same on all its text (§4.3). */
  readonly em: number;
  /** Where the decorating box's text sits, once known (on a line): its lines stay there. */
  readonly anchor: DecorationAnchor | undefined;
}

/**
 * The decorating box's baseline on the page (px, its line's shift included) and its font's ascent
 * rounded (undefined for a block's lines: its text's own is taken). Chromium 156 draws an
 * underline below this baseline, not the text's (§2: `vertical-align` and font size of descendants
 * do not move it), a line-through two thirds of this ascent below the text's own top, and an
 * overline at the text's top.
 */
export interface DecorationAnchor {
  readonly baseline: number;
  readonly ascent: number | undefined;
}

/** The decoration a box introduces, if any (text-decoration-color `currentcolor` is already resolved). */
export function decorationOf(style: ComputedStyle, anchor?: DecorationAnchor): Decoration | undefined {
  const line = style.textDecorationLine;
  if (!line.underline && !line.overline && !line.lineThrough) return undefined;
  // the three lines named, not spread in: a spread followed by keys made a new hidden class per call (Node 20)
  return {
    underline: line.underline, overline: line.overline, lineThrough: line.lineThrough, color: style.textDecorationColor, style: style.textDecorationStyle, thickness: style.textDecorationThickness,
    underlineOffset: style.textUnderlineOffset, underlinePosition: style.textUnderlinePosition, em: style.fontSize, anchor,
  };
}

/** `decorations` anchored at `anchor` where they are not yet (a block's, on one of its lines). */
export function anchoredDecorations(decorations: readonly Decoration[], anchor: DecorationAnchor): readonly Decoration[] {
  if (decorations.every((d) => d.anchor !== undefined)) return decorations;
  return decorations.map((d) => (d.anchor === undefined ? { ...d, anchor } : d));
}

/**
 * Stroke width of synthetic bold, px: Skia's fake-bold outset (1/24 of the size at 9 px and
 * below down to 1/32 at 36 px and above, interpolated linearly).
 */
export function syntheticBoldWidth(size: number): number {
  const t = Math.min(1, Math.max(0, (size - 9) / (36 - 9)));
  return size * (1 / 24 + (1 / 32 - 1 / 24) * t);
}

/** The glyphs of `run`, its start at `x` on the page. */
export function glyphsItem(run: PlacedRun, x: number, baseline: number, color: Color): Extract<DisplayItem, { kind: 'glyphs' }> {
  return new GlyphsItem(run, x, baseline, color);
}

type Glyphs = Extract<DisplayItem, { kind: 'glyphs' }>;

/**
 * A constructor, not an object literal: one item per text run of the document, living until its
 * page is written, and V8 may allocate all later objects of a literal site in old space once it
 * judged them long-lived (allocation-site pretenuring; bench/README.md, stop 36). A class has no
 * allocation site. Fields in the literal's order; `actualText` only for a case-mapped run.
 */
class GlyphsItem implements Glyphs {
  readonly kind = 'glyphs';
  readonly x: number;
  readonly y: number;
  readonly face: FontFace;
  readonly size: number;
  readonly color: Color;
  readonly glyphs: Glyphs['glyphs'];
  readonly advances: readonly number[];
  readonly syntheticBold: number;
  readonly syntheticOblique: boolean;
  declare readonly actualText?: string;

  constructor(run: PlacedRun, x: number, baseline: number, color: Color) {
    const face = run.run.face;
    this.x = x;
    this.y = baseline;
    this.face = face;
    this.size = run.run.size;
    this.color = color;
    this.glyphs = run.run.glyphs;
    this.advances = run.advances;
    this.syntheticBold = face.syntheticBold ? syntheticBoldWidth(run.run.size) : 0;
    this.syntheticOblique = face.syntheticOblique;
    if (run.run.caseMapped === true) (this as { actualText?: string }).actualText = run.run.text;
  }
}

export interface LineMetrics {
  readonly face: FontFace;
  readonly size: number;
}

/**
 * Decoration thickness, px (§3.5), as Blink resolves it (TextDecorationInfo::ComputeThickness):
 * `auto` a tenth of the font size, `from-font` the font's underline thickness (else the same
 * tenth), a length rounded to whole px — each at least 1px (`0` still draws a line). The line
 * is placed by this thickness and painted `painted(…)` thick.
 */
function resolvedThickness(decoration: Decoration, metrics: LineMetrics): number {
  const tenth = decoration.em / 10;
  if (decoration.thickness === 'auto') return Math.max(1, tenth);
  if (decoration.thickness === 'from-font') {
    const fromFont = (metrics.face.underlineThickness * metrics.size) / metrics.face.unitsPerEm;
    return Math.max(1, fromFont > 0 ? fromFont : tenth);
  }
  return Math.max(1, Math.round(resolveLength(decoration.thickness, decoration.em)));
}

/**
 * The thickness a line is painted: whole px, floored, at least one (Blink's DrawLineForText;
 * measured in Chromium 156: 1px at 13px and 16px, 2px at 20px and 22px, 4px at 40px).
 */
function painted(thickness: number): number {
  return Math.max(1, Math.floor(thickness));
}

export type LineKind = 'underline' | 'overline' | 'lineThrough';

/**
 * Top of an underline, px from the page top (CSS Text Decoration 4 §4.2-4.3). With both properties
 * `auto` it is the font's underline; an offset moves the line's top down from the alphabetic
 * baseline (from the font's position with `from-font`); `under` starts below the descent.
 */
function underlineTop(decoration: Decoration, baseline: number, metrics: LineMetrics, thickness: number): number {
  const scale = metrics.size / metrics.face.unitsPerEm;
  // post.underlinePosition is the centre of the underline stem (as FreeType and browsers read it), negative below the baseline
  const fromFont = baseline - metrics.face.underlinePosition * scale - thickness / 2;
  const offset = decoration.underlineOffset;
  const by = offset === 'auto' ? 0 : resolveLength(offset, decoration.em);
  switch (decoration.underlinePosition) {
    case 'under': return baseline - metrics.face.descent * scale + by;
    case 'from-font': return fromFont + by;
    // as Blink places it (ComputeUnderlineOffsetAuto), whatever the font's post table says: a gap of
    // half its thickness in whole px, at least one, below the baseline (a wavy line's waves then
    // move down, wavyLine). Chromium 156: 2px lines at the baseline + 1 in Liberation Sans, Serif
    // and Mono and DejaVu Sans from 13px to 30px, 3px and 4px ones at + 2
    case 'auto': return offset !== 'auto' ? baseline + by : baseline + Math.max(1, Math.ceil(thickness / 2));
  }
}

/**
 * Top of the decoration line, px from the page top, as Blink places it on whole pixels from the
 * text's top (its baseline less the font's ascent rounded, R; text_decoration_info.cc): an
 * overline just above that top by its thickness in whole px, a line-through centred 2R/3 below it
 * (in Liberation Sans at 16px, 5px above the baseline; half the x-height would be 4.2).
 */
function lineTop(kind: LineKind, decoration: Decoration, baseline: number, metrics: LineMetrics, placing: number): number {
  const ascent = Math.round((metrics.face.ascent * metrics.size) / metrics.face.unitsPerEm);
  const anchor = decoration.anchor;
  switch (kind) {
    case 'underline':
      return underlineTop(decoration, anchor?.baseline ?? baseline, metrics, placing);
    case 'overline':
      return baseline - ascent - Math.floor(placing);
    case 'lineThrough':
      return baseline - ascent + Math.round((2 * (anchor?.ascent ?? ascent)) / 3 - placing / 2);
  }
}

/**
 * A decoration line whose properties are all `auto` — SVG text's (SVG 2 §11.12), which its fill
 * and stroke draw — over text in `metrics` (its first run's font) with its baseline at `baseline`, `em`
 * the text's font size: its top and the thickness it is painted, as HTML text's (Chromium 156: at 20px a 2px underline 1px below the
 * baseline, at 40px 4px 2px below).
 */
export function autoDecorationLine(kind: LineKind, baseline: number, metrics: LineMetrics, em: number): { top: number; thickness: number } {
  const decoration: Decoration = {
    underline: kind === 'underline', overline: kind === 'overline', lineThrough: kind === 'lineThrough', color: { r: 0, g: 0, b: 0, a: 1 }, style: 'solid',
    thickness: 'auto', underlineOffset: 'auto', underlinePosition: 'auto', em, anchor: undefined,
  };
  const placing = resolvedThickness(decoration, metrics);
  return { top: lineTop(kind, decoration, baseline, metrics, placing), thickness: painted(placing) };
}

/** Where a decoration line goes: from `x`, `width` px long, its top at `top`, `thickness` px thick. */
interface LineSpan {
  readonly x: number;
  readonly width: number;
  readonly top: number;
  readonly thickness: number;
  /** The thickness before it is floored to whole pixels: a dashed or dotted line's (decorationDashCentre). */
  readonly resolved?: number;
}

/**
 * One decoration line in its style (§3.3), and the band glyphs must cross to cut it when it skips
 * ink: the line's own (a wavy line's is its waves', as in Blink).
 */
function decorationLine(decoration: Decoration, kind: LineKind, span: LineSpan): { readonly items: DisplayItem[]; readonly band: Band } {
  const { x, width, top, thickness } = span;
  const color = decoration.color;
  const band = { top, height: thickness };
  const bar = (y: number): DisplayItem => ({ kind: 'fill-rect', rect: { x, y, width, height: thickness }, color });
  switch (decoration.style) {
    case 'solid':
      return { items: [bar(top)], band };
    case 'double':
      // the second line a thickness and a pixel away from the text (Blink's double_offset): below an underline or line-through, above an overline
      return { items: [bar(top), bar(top + (kind === 'overline' ? -1 : 1) * (thickness + 1))], band };
    case 'dashed':
    case 'dotted': {
      const stroke = span.resolved ?? thickness;
      const dashes = decorationDash(decoration.style, stroke, width);
      if (dashes === undefined) return { items: [bar(top)], band };
      const mid = decorationDashCentre(top, stroke);
      const path: PathSegment[] = [{ op: 'move', x, y: mid }, { op: 'line', x: x + width, y: mid }];
      return { items: [{ kind: 'stroke-path', path, color, width: stroke, dash: [...dashes.dash], lineCap: dashes.lineCap }], band: { top: mid - stroke / 2, height: stroke } };
    }
    case 'wavy':
      return wavyLine(color, kind, span);
  }
}

/**
 * A decoration line clipped to the parts no glyph crosses (skip-ink.ts), or as it is when none
 * does. The clip spans the line's height with room for a double or wavy line's extent.
 */
function skippingInk(line: DisplayItem[], glyphs: readonly DisplayItem[], x: number, width: number, { top, thickness, band }: { top: number; thickness: number; band: Band }): DisplayItem[] {
  const runs = glyphs.filter((item): item is Extract<DisplayItem, { kind: 'glyphs' }> => item.kind === 'glyphs' && item.invisible !== true);
  const gaps = inkGaps(runs, band.top, band.height, thickness);
  if (gaps.length === 0 || gaps.every((gap) => gap.to <= x || gap.from >= x + width)) return line;
  // room for a double line, and for a wavy one's waves moved away from the text (wavyLine)
  const above = top - 4 * thickness - 6;
  const below = top + 4 * thickness + 6;
  const path: PathSegment[] = [];
  for (const span of keptSpans(x, x + width, gaps)) {
    path.push({ op: 'move', x: span.from, y: above }, { op: 'line', x: span.to, y: above }, { op: 'line', x: span.to, y: below }, { op: 'line', x: span.from, y: below }, { op: 'close' });
  }
  if (path.length === 0) return [];
  return [{ kind: 'push-clip-path', path }, ...line, { kind: 'pop-clip' }];
}

/**
 * A wavy line as Chromium 156 draws it (Blink's decoration_line_painter.cc): cubic curves from
 * the line's start, each 2 × step long with both control points at its middle, `distance` below
 * and above the axis (step 0.5 + round(2t + 0.5), distance 0.5 + round(3t + 0.5) for a thickness
 * t of at least 1px: 11px waves 4.3px high at 2px); the axis half a pixel below the top of the
 * straight line moved away from the text by t + 1 (an underline's down, an overline's up), and
 * the waves cut at the line's ends. Its first MAX_WAVE_LENGTH px only: a curve per wave, a
 * line across text sized to 1e9px was a path of 10^8 curves that filled the heap (FUZZ_SEED=8814),
 * and no page shows more.
 */
function wavyLine(color: Color, kind: LineKind, { x, width, top, thickness }: LineSpan): { readonly items: DisplayItem[]; readonly band: Band } {
  const t = Math.max(1, thickness);
  const step = 0.5 + Math.round(2 * t + 0.5);
  const distance = 0.5 + Math.round(3 * t + 0.5);
  const away = kind === 'underline' ? 1 : kind === 'overline' ? -1 : 0;
  const axis = top + away * (thickness + 1) + 0.5;
  const path: PathSegment[] = [{ op: 'move', x, y: axis }];
  const end = x + Math.min(width, MAX_WAVE_LENGTH);
  for (let at = x; at < end - 1e-9; at += 2 * step) {
    path.push({ op: 'curve', x1: at + step, y1: axis + distance, x2: at + step, y2: axis - distance, x: at + 2 * step, y: axis });
  }
  const reach = distance + thickness;
  // a curve with control points `distance` off the axis swings 0.289 × distance either side
  const half = 0.289 * distance + thickness / 2;
  return {
    items: [
      { kind: 'push-clip', rect: { x, y: axis - reach, width, height: 2 * reach } },
      { kind: 'stroke-path', path, color, width: thickness, lineCap: 'butt' },
      { kind: 'pop-clip' },
    ],
    band: { top: axis - half, height: 2 * half },
  };
}

/** How far a wavy line's waves go (100 A4 pages side by side). */
const MAX_WAVE_LENGTH = 80_000;

/** A band of a decoration line: its top, px from the page top, and its height. */
interface Band {
  readonly top: number;
  readonly height: number;
}

/**
 * How far synthetic bold (its stroke width), a stroke and synthetic oblique may carry a glyph's
 * ink past the box of its outline, px; `extent`: the box's reach above or below the baseline, px
 * (an oblique glyph leans by a quarter of its height).
 */
function syntheticReach(bold: number, stroke: number, oblique: boolean, extent: number): number {
  return bold + stroke + (oblique ? SYNTHETIC_OBLIQUE_SKEW * extent : 0);
}

/**
 * Where a text fragment's glyphs may put ink, on the page: each run's glyph origins with its
 * face's box of all glyphs around them — or, `perGlyph`, each glyph's own box (what Blink culls
 * text by: a list box's next option starts where its clip ends, and its face's box reaches a
 * pixel above it) — grown for synthetic bold and oblique, strokes, glyph offsets and decoration
 * lines. Undefined when that cannot be told so (a text shadow, a decoration at an offset of its
 * own, upright glyphs, a face without the box).
 */
export function textInkBounds(fragment: TextFragment, originX: number, originY: number, decorations: readonly Decoration[], perGlyph = false): Rect | undefined {
  const style = fragment.style;
  if (style.textShadow.length > 0) return undefined;
  for (const decoration of decorations) {
    // an anchored line may lie beyond the text's own box (under a superscript)
    if (decoration.anchor !== undefined || decoration.underlineOffset !== 'auto' || (decoration.thickness !== 'auto' && decoration.thickness !== 'from-font')) return undefined;
  }
  const baseline = originY + fragment.baseline;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const placed of fragment.runs) {
    const { face, size, glyphs, upright } = placed.run;
    const faceBox = face.glyphBounds;
    if (faceBox === undefined || upright !== undefined) return undefined;
    const scale = size / face.unitsPerEm;
    const grow = syntheticReach(face.syntheticBold ? syntheticBoldWidth(size) : 0, style.webkitTextStrokeWidth, face.syntheticOblique, Math.max(faceBox.yMax, -faceBox.yMin) * scale);
    const exact = perGlyph && face.color === undefined && face.colorLayers === undefined;
    // the face's box around the glyph origins, or each glyph's own box around its origin
    let x = originX + placed.x;
    let firstX = Number.POSITIVE_INFINITY;
    let lastX = Number.NEGATIVE_INFINITY;
    let highest = Number.POSITIVE_INFINITY;
    let lowest = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < glyphs.length; i++) {
      const glyph = glyphs[i]!;
      const gx = x + glyph.xOffset;
      const gy = baseline - glyph.yOffset;
      x += placed.advances[i] ?? glyph.advance;
      if (!exact) {
        firstX = Math.min(firstX, gx);
        lastX = Math.max(lastX, gx);
        highest = Math.min(highest, gy);
        lowest = Math.max(lowest, gy);
        continue;
      }
      // (a glyph without an outline, a space, puts no ink)
      const box = glyphControlBox(face.program, glyph.id);
      if (box === undefined) continue;
      left = Math.min(left, gx + box.xMin * scale - grow);
      right = Math.max(right, gx + box.xMax * scale + grow);
      top = Math.min(top, gy - box.yMax * scale - grow);
      bottom = Math.max(bottom, gy - box.yMin * scale + grow);
    }
    if (exact || firstX > lastX) continue;
    left = Math.min(left, firstX + faceBox.xMin * scale - grow);
    right = Math.max(right, lastX + faceBox.xMax * scale + grow);
    top = Math.min(top, highest - faceBox.yMax * scale - grow);
    bottom = Math.max(bottom, lowest - faceBox.yMin * scale + grow);
  }
  if (left > right) return { x: originX + fragment.x, y: originY + fragment.y, width: 0, height: 0 };
  // decoration lines: within the content area, or a little past it (a thick underline in a font
  // with a shallow descent; a wavy one's waves, at least 1px thick, reach ~6px below small text)
  const pad = decorations.reduce((most, decoration) => Math.max(most, 0.25 * decoration.em, decoration.style === 'wavy' ? 10 : 0), 0);
  if (decorations.length > 0) {
    left = Math.min(left, originX + fragment.x);
    right = Math.max(right, originX + fragment.x + fragment.width);
    top = Math.min(top, originY + fragment.y);
    bottom = Math.max(bottom, originY + fragment.y + fragment.height);
  }
  return { x: left - pad, y: top - pad, width: right - left + 2 * pad, height: bottom - top + 2 * pad };
}

/**
 * A glyph run without its glyphs at either end whose ink lies wholly outside one of `clips`
 * (rects on the page), as Skia's PDF device leaves them out: a `nowrap` line cut off by
 * `overflow: hidden` copies as the words that show. Undefined when none is left; the item itself
 * when nothing is cut (or it cannot be told: copied text of its own, colour glyphs).
 */
export function glyphsWithin(item: Glyphs, clips: readonly Rect[]): Glyphs | undefined {
  const face = item.face;
  if (item.actualText !== undefined || item.invisible === true || face.color !== undefined || face.colorLayers !== undefined) return item;
  const scale = item.size / face.unitsPerEm;
  const grow = syntheticReach(item.syntheticBold, item.stroke?.width ?? 0, item.syntheticOblique, Math.max(face.ascent, -face.descent) * scale);
  const count = item.glyphs.length;
  const starts = new Array<number>(count);
  let x = item.x;
  for (let i = 0; i < count; i++) {
    starts[i] = x;
    x += item.advances[i] ?? 0;
  }
  const outside = (i: number): boolean => {
    const glyph = item.glyphs[i]!;
    const box = glyphControlBox(face.program, glyph.id);
    const left = starts[i]! + glyph.xOffset;
    const baseline = item.y - glyph.yOffset;
    // a glyph without an outline (a space) takes its advance and the face's height
    const ink: Rect = box === undefined
      ? { x: left, y: baseline - face.ascent * scale, width: Math.max(0, item.advances[i] ?? 0), height: (face.ascent - face.descent) * scale }
      : { x: left + box.xMin * scale - grow, y: baseline - box.yMax * scale - grow, width: (box.xMax - box.xMin) * scale + 2 * grow, height: (box.yMax - box.yMin) * scale + 2 * grow };
    return clips.some((clip) => rectsApart(ink, clip));
  };
  let first = 0;
  while (first < count && outside(first)) first++;
  if (first === count) return undefined;
  let end = count;
  while (end > first && outside(end - 1)) end--;
  if (first === 0 && end === count) return item;
  return { ...item, x: starts[first]!, glyphs: item.glyphs.slice(first, end), advances: item.advances.slice(first, end) };
}

/**
 * Painted items of a text fragment, in CSS2 Appendix E order, over its text shadows (CSS Text
 * Decoration 3 §4). The fragment is in the frame of its parent, whose origin is at (originX,
 * originY) on the page (paint/placed.ts).
 */
export function paintText(fragment: TextFragment, originX: number, originY: number, decorations: readonly Decoration[], lineShift: number): DisplayItem[] {
  const own = paintOwnText(fragment, originX, originY, decorations, lineShift);
  if (fragment.style.textShadow.length === 0) return own;
  const upright: UprightGlyph[] = [];
  for (const run of fragment.runs) if (run.run.upright !== undefined) appendAll(upright, uprightGlyphs(run, run.x + originX, run.run.upright, fragment.baseline + originY + lineShift));
  return [...paintTextShadows(fragment, own, upright), ...own];
}

/**
 * The glyph runs of the visible text in `fragments` and their descendants, in a frame whose origin is
 * at (originX, originY) on the page: what `background-clip: text` clips a box's background to
 * (CSS Backgrounds 4 §2.1), the text of its in-flow descendants included.
 */
export function textClipRuns(fragments: readonly Fragment[], originX: number, originY: number): Glyphs[] {
  const items: DisplayItem[] = [];
  const visit = (list: readonly Fragment[], x: number, y: number, shift: number): void => {
    for (const f of list) {
      if (f.kind === 'line') visit(f.children, f.x + x, f.y + y, lineShiftAt(f.y + y));
      else if (f.kind === 'box') visit(f.children, f.x + x, f.y + y, shift);
      else if (f.kind === 'text' && f.style.visibility === 'visible' && f.symbol === undefined) pushGlyphs(items, f, x, f.baseline + y + shift, false);
    }
  };
  visit(fragments, originX, originY, 0);
  return items.filter((item): item is Glyphs => item.kind === 'glyphs');
}

/**
 * The items of `fragment`'s glyph runs on `baseline` (page px). `painted`: filled with
 * `-webkit-text-fill-color` and stroked as `-webkit-text-stroke` asks (centred on the outline as in
 * Chromium; upright glyphs in vertical text are filled only); else (a clip) in `color`, unstroked.
 * A loop, not filter + flatMap: this runs for every text fragment.
 */
function pushGlyphs(out: DisplayItem[], fragment: TextFragment, originX: number, baseline: number, painted: boolean): void {
  const style = fragment.style;
  const color = painted ? style.webkitTextFillColor : style.color;
  const strokeWidth = painted ? style.webkitTextStrokeWidth : 0;
  for (const run of fragment.runs) {
    if (run.run.glyphs.length === 0) continue;
    if (run.run.upright !== undefined) {
      appendAll(out, uprightGlyphItems(run, run.x + originX, run.run.upright, baseline, color));
      continue;
    }
    const item = glyphsItem(run, run.x + originX, baseline, color);
    if (strokeWidth <= 0) out.push(item);
    else appendAll(out, glyphsInPaintOrder({ ...item, stroke: { color: style.webkitTextStrokeColor, width: strokeWidth } }, style.paintOrder));
  }
}

/**
 * The items of `fragment`'s emphasis marks (layout/inline/emphasis-marks.ts): one glyph run, the
 * mark repeated with the advance from each mark to the next, or one item per mark when it stands
 * upright in vertical text.
 */
function pushEmphasisMarks(out: DisplayItem[], marks: EmphasisMarks, left: number, baseline: number): void {
  if (marks.color.a <= 0) return;
  const run = marks.run;
  const y = baseline + marks.dy;
  const own = run.glyphs.map((glyph) => glyph.advance);
  if (run.upright !== undefined) {
    for (const x of marks.xs) appendAll(out, uprightGlyphItems({ run, x: left + x, advances: own }, left + x, run.upright, y, marks.color));
    return;
  }
  const count = marks.xs.length;
  const per = run.glyphs.length;
  const glyphs: (typeof run.glyphs)[number][] = new Array(count * per);
  const advances: number[] = new Array(count * per);
  const lead = run.width - own[per - 1]!;
  for (let j = 0; j < count; j++) {
    for (let i = 0; i < per; i++) {
      glyphs[j * per + i] = run.glyphs[i]!;
      advances[j * per + i] = own[i]!;
    }
    if (j < count - 1) advances[j * per + per - 1] = marks.xs[j + 1]! - marks.xs[j]! - lead;
  }
  const repeated: PlacedRun = { run: { face: run.face, size: run.size, glyphs, width: marks.xs[count - 1]! - marks.xs[0]! + run.width, text: run.text.repeat(count) }, x: left + marks.xs[0]!, advances };
  out.push(glyphsItem(repeated, repeated.x, y, marks.color));
}

/**
 * How far the text of a line whose top is at `lineTop` on the page moves: Chromium 156 prints a
 * line's text with the line box's top rounded to a whole CSS pixel and the baseline at its exact
 * offset below it (lines 25.5px tall stand 26, 25, 26px apart; a line that a `vertical-align:
 * middle` inline-block makes 36.23px above its baseline keeps that fraction). Layout keeps the
 * exact positions; glyphs, decorations and emphasis marks follow this.
 */
export function lineShiftAt(lineTop: number): number {
  return Math.round(lineTop) - lineTop;
}

function paintOwnText(fragment: TextFragment, originX: number, originY: number, decorations: readonly Decoration[], lineShift: number): DisplayItem[] {
  const first = fragment.runs[0];
  const baseline = fragment.baseline + originY + lineShift;
  const glyphs: DisplayItem[] = [];
  pushGlyphs(glyphs, fragment, originX, baseline, true);
  // after the text, and not among the glyphs an underline skips
  const marks: DisplayItem[] = [];
  if (fragment.emphasis !== undefined) pushEmphasisMarks(marks, fragment.emphasis, fragment.x + originX, baseline);
  if (first === undefined || decorations.length === 0 || fragment.width <= 0) return marks.length === 0 ? glyphs : [...glyphs, ...marks];
  const metrics: LineMetrics = { face: first.run.face, size: first.run.size };
  const skipInk = fragment.style.textDecorationSkipInk !== 'none';
  const lines = (kind: LineKind): DisplayItem[] =>
    decorations.filter((d) => d[kind]).flatMap((d) => {
      if (d.color.a <= 0) return [];
      const placing = resolvedThickness(d, metrics);
      const thickness = painted(placing);
      const top = lineTop(kind, d, baseline, metrics, placing);
      const { items, band } = decorationLine(d, kind, { x: fragment.x + originX, width: fragment.width, top, thickness, resolved: placing });
      return skipInk && kind !== 'lineThrough' ? skippingInk(items, glyphs, fragment.x + originX, fragment.width, { top, thickness, band }) : items;
    });
  return [...lines('underline'), ...lines('overline'), ...glyphs, ...marks, ...lines('lineThrough')];
}
