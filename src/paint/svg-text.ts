/**
 * SVG text (SVG 2 §11): `<text>` and `<tspan>` shaped with octavo's fonts (text/ shaping, font
 * fallback included). The characters are gathered with white space collapsed over the whole element (`xml:space`
 * default), given their `x`/`y`/`dx`/`dy` from the innermost element that lists one for them
 * (§11.5.2), cut into pieces at each new position or style, and laid out along the baseline;
 * every absolute `x`/`y` starts a text chunk that `text-anchor` aligns (§11.10.2).
 * `dominant-baseline` shifts by the font's metrics; `textLength`/`lengthAdjust` on `<text>`
 * stretch it; a `<textPath>` child puts the glyphs along its path (text-path.ts; its
 * glyphs take one colour). Each text chunk is one bidi paragraph (UAX #9, the paragraph level
 * from its first character's `direction`): its runs are shaped in their own direction and put in
 * visual order; `rtl` chunks advance leftwards from their anchor point (their start is their right
 * end, §11.10.2); `rotate` turns each glyph about its own position. Vertical text (`writing-mode`
 * `tb`, `vertical-rl`...) is laid out along a line turned a quarter turn clockwise: `y` and `dy`
 * place along it, `x` and `dx` across, the glyphs sideways on its central baseline, and the upright
 * ones (CJK, by `text-orientation`) drawn turned back, as Chromium 156 sets them (upright-glyphs.ts).
 * Gradient and pattern fills paint through a clip of the glyphs (turned glyphs are clipped unturned).
 * `text-decoration` lines go under (through) each piece, placed as HTML's, in the fill and stroke of
 * the element that declared them (§11.12); `font-variant` small capitals are shaped as in HTML.
 */
import type { Color } from '../css/types.js';
import type { DomElement, DomNode } from '../dom/types.js';
import { isElement, isText } from '../dom/types.js';
import type { DisplayItem, PathSegment } from './display-list.js';
import { autoDecorationLine, syntheticBoldWidth } from './text.js';
import type { LineKind } from './text.js';
import { CAPS_FEATURES } from '../text/small-caps.js';
import type { FontRequest, ShapedText, TextSystem } from '../text/types.js';
import { embeddingLevels, mayNeedBidi } from '../text/bidi.js';
import { visualOrder } from '../layout/inline/bidi.js';
import { isCursive } from '../layout/inline/measure.js';
import type { SvgDocument } from '../resources/svg-document.js';
import type { FontBasis } from '../css/values/svg-units.js';
import { familyList, length, numbers } from '../css/values/svg-units.js';
import { shapePath } from './svg-geometry.js';
import { flatten, onPath, pathLength } from './svg-text-path.js';
import { hrefOf } from '../resources/svg-document.js';
import type { Viewport } from './svg-geometry.js';
import { paintColor } from './svg-gradients.js';
import type { Paint, SvgStyle } from '../resources/svg-style.js';
import { computeSvgStyle } from '../resources/svg-style.js';
import { glyphsInPaintOrder } from './glyph-paint-order.js';
import { uprightGlyphItems } from './upright-glyphs.js';
import { appendAll, maxOf, minOf } from '../append-all.js';

export interface TextWalk {
  readonly doc: SvgDocument;
  readonly viewport: Viewport;
  readonly text: TextSystem | undefined;
  /** Paints a gradient or pattern over `path` (render.ts); glyphs filled with one are clipped to it. */
  readonly serverPaint?: (fill: Extract<Paint, { kind: 'url' }>, path: PathSegment[], opacity: number) => DisplayItem[];
  /** Laying out vertical text, in its turned frame (textItems). */
  readonly vertical?: boolean;
}

type GlyphsItem = Extract<DisplayItem, { kind: 'glyphs' }>;

/** Glyphs filled by a paint server: drawn as a clip, the server painted through it. */
interface ServerRun {
  readonly fill: Extract<Paint, { kind: 'url' }>;
  readonly opacity: number;
  readonly run: GlyphsItem;
  readonly top: number;
  readonly bottom: number;
}

interface Char {
  readonly ch: string;
  readonly style: SvgStyle;
  /** How far its baseline is shifted down by the `baseline-shift` of its element and the spans around it, px. */
  readonly shift: number;
  x?: number;
  y?: number;
  dx?: number;
  dy?: number;
  /** Degrees the glyph turns about its position (`rotate`, SVG 2 §11.5.3). */
  rotate?: number;
}

const localName = (element: DomElement): string => element.name.replace(/^svg:/, '');

/** The lengths of an `x`/`dx` (or `y`/`dy`) attribute list. */
function lengths(value: string | undefined, basis: number, font: FontBasis): number[] {
  if (value === undefined) return [];
  return value.trim().split(/[\s,]+/).filter(Boolean).map((v) => length(v, basis, 0, font));
}

/** What `gather` carries down from an element to its spans: whether white space is kept, and the baseline's shift so far. */
interface Gathering {
  readonly preserve: boolean;
  readonly shift: number;
}

/**
 * Whether the element's spaces are kept: its `xml:space`, else `white-space` (Excalidraw writes
 * `style="white-space: pre"` on each label, as Chromium keeps its runs of spaces), else its parent's way.
 */
function keepsSpaces(element: DomElement, style: SvgStyle, inherited: boolean): boolean {
  const space = element.attribs['xml:space'];
  if (space === 'preserve' || space === 'default') return space === 'preserve';
  return style.whiteSpace === undefined ? inherited : style.whiteSpace === 'preserve';
}

/** Appends the characters of `element` to `out`, white space collapsed, then gives them the element's positions. */
function gather(element: DomElement, style: SvgStyle, walk: TextWalk, out: Char[], { preserve, shift }: Gathering): void {
  const start = out.length;
  const keep = keepsSpaces(element, style, preserve);
  for (const child of element.children as DomNode[]) {
    if (isText(child)) {
      for (const raw of child.data) {
        const ch = keep ? raw.replace(/[\n\r\t]/, ' ') : raw.replace(/[\r\n]/, '').replace('\t', ' ');
        if (ch === '') continue;
        if (!keep && ch === ' ' && (out.length === 0 || out[out.length - 1]!.ch === ' ')) continue;
        out.push({ ch, style, shift });
      }
    } else if (isElement(child) && (localName(child) === 'tspan' || localName(child) === 'a' || localName(child) === 'textPath')) {
      const childStyle = computeSvgStyle(child, style, walk.doc.rules);
      if (childStyle.display !== 'none') gather(child, childStyle, walk, out, { preserve: keep, shift: shift + shiftDown(childStyle, walk.text) });
    }
  }
  const a = element.attribs;
  const lists = {
    x: lengths(a['x'], walk.viewport.width, style), y: lengths(a['y'], walk.viewport.height, style),
    dx: lengths(a['dx'], walk.viewport.width, style), dy: lengths(a['dy'], walk.viewport.height, style),
  };
  // inner elements were gathered first: their positions win
  for (const key of ['x', 'y', 'dx', 'dy'] as const) {
    lists[key].forEach((value, k) => {
      const c = out[start + k];
      if (c !== undefined && c[key] === undefined) c[key] = value;
    });
  }
  // the last angle goes on for the remaining characters
  const turns = numbers(a['rotate']);
  if (turns.length > 0) {
    for (let k = start; k < out.length; k++) out[k]!.rotate ??= turns[Math.min(k - start, turns.length - 1)]!;
  }
}

function fontRequest(style: SvgStyle, vertical = false): FontRequest {
  const families = familyList(style.fontFamily);
  const caps = style.fontVariantCaps;
  const request: FontRequest = {
    families: families.length > 0 ? families : ['serif'], weight: style.fontWeight, style: style.fontStyle, stretch: 100, size: style.fontSize,
    ...(caps === 'normal' ? { features: {} } : { features: Object.fromEntries(CAPS_FEATURES[caps].map((tag) => [tag, 1])), caps }),
  };
  return vertical && style.textOrientation !== 'sideways' ? { ...request, vertical: style.textOrientation } : request;
}

/**
 * How far a span's `baseline-shift` moves its baseline down from its parent's, px: `sub` and
 * `super` by half its font's ascent and descent (rounded to whole px as a line's are), as Chromium
 * 156 shifts them (a 10px tspan 5.5px, a 20px one 11px, whatever its parent's size).
 */
function shiftDown(style: SvgStyle, text: TextSystem | undefined): number {
  const shift = style.baselineShift;
  if (shift === undefined) return 0;
  if (typeof shift === 'number') return -shift;
  if (text === undefined) return 0;
  const m = text.metrics(fontRequest(style));
  const half = (Math.round(m.ascent) + Math.round(m.descent)) / 2;
  return shift === 'sub' ? half : -half;
}

/** How far the baseline moves down for `dominant-baseline` or `alignment-baseline` (CSS Inline 3 §4.1), px. */
function baselineShift(style: SvgStyle, text: TextSystem, vertical: boolean): number {
  // a span's alignment-baseline: its text set on that baseline of its font (the parent's being alphabetic);
  // vertical text stands on its central baseline
  const given = style.alignmentBaseline ?? style.dominantBaseline;
  const baseline = given === 'auto' && vertical ? 'central' : given;
  if (baseline === 'auto' || baseline === 'alphabetic') return 0;
  const m = text.metrics(fontRequest(style));
  switch (baseline) {
    case 'middle': return m.xHeight / 2;
    case 'central': return (m.ascent - m.descent) / 2;
    case 'hanging': return m.ascent * 0.8;
    case 'mathematical': return m.ascent / 2;
    case 'text-top':
    case 'text-before-edge': return m.ascent;
    case 'text-bottom':
    case 'text-after-edge':
    case 'ideographic': return -m.descent;
  }
}

interface Piece {
  readonly chars: Char[];
  readonly newChunk: boolean;
}

/** Pieces of one position and style: a piece ends before a positioned (or turned) character or a style change. */
function pieces(chars: readonly Char[]): Piece[] {
  const out: Piece[] = [];
  for (const c of chars) {
    const last = out[out.length - 1];
    const turned = (c.rotate ?? 0) !== 0 || (last?.chars[0]!.rotate ?? 0) !== 0;
    const positioned = c.x !== undefined || c.y !== undefined || c.dx !== undefined || c.dy !== undefined || turned;
    if (last === undefined || positioned || last.chars[0]!.style !== c.style) out.push({ chars: [c], newChunk: out.length === 0 || c.x !== undefined || c.y !== undefined });
    else last.chars.push(c);
  }
  return out;
}

/** The pieces of each text chunk (SVG 2 §11.10.2: a chunk starts at every absolute `x` or `y`). */
function chunksOf(all: readonly Piece[]): Piece[][] {
  const out: Piece[][] = [];
  for (const piece of all) {
    if (piece.newChunk || out.length === 0) out.push([piece]);
    else out[out.length - 1]!.push(piece);
  }
  return out;
}

/** A run of one piece at one bidi level: shaped in the direction of its level. */
interface Segment {
  readonly chars: Char[];
  readonly level: number;
  /** The run begins its piece: the piece's dx, dy and rotate apply from here. */
  readonly opensPiece: boolean;
}

/**
 * The chunk's pieces cut where the bidi level changes (UAX #9 over the chunk's characters, the
 * paragraph level from the `direction` of its first character), in logical order.
 */
function segmentsOf(chunk: readonly Piece[], rtl: boolean): Segment[] {
  const chars = chunk.flatMap((piece) => piece.chars);
  const text = chars.map((c) => c.ch).join('');
  const levels = !rtl && !mayNeedBidi(text) ? undefined : embeddingLevels(text, rtl ? 'rtl' : 'ltr');
  const out: Segment[] = [];
  let unit = 0;
  for (const piece of chunk) {
    let current: Segment | undefined;
    for (const c of piece.chars) {
      const level = levels?.[unit] ?? 0;
      unit += c.ch.length;
      if (current === undefined || current.level !== level) {
        current = { chars: [c], level, opensPiece: current === undefined };
        out.push(current);
      } else current.chars.push(c);
    }
  }
  return out;
}

function glyphColor(style: SvgStyle, walk: TextWalk): Color | undefined {
  const color = paintColor(walk.doc, style.fill);
  return color === undefined ? undefined : { ...color, a: color.a * style.fillOpacity };
}

function strokeOf(style: SvgStyle, walk: TextWalk): { color: Color; width: number } | undefined {
  const color = paintColor(walk.doc, style.stroke);
  const width = length(style.strokeWidth, Math.hypot(walk.viewport.width, walk.viewport.height) / Math.SQRT2, 1);
  if (color === undefined || width <= 0 || color.a * style.strokeOpacity <= 0) return undefined;
  return { color: { ...color, a: color.a * style.strokeOpacity }, width };
}

interface Chunk {
  readonly items: DisplayItem[];
  readonly server: ServerRun[];
  readonly startX: number;
  /** The far end of the chunk's glyphs from startX: their right end (left to right) or left end (right to left). */
  endX: number;
  /** endX without the last glyph's letter-spacing (what textLength measures). */
  inkEnd: number;
  readonly anchor: SvgStyle['textAnchor'];
  /** Right-to-left: the chunk advances leftwards from startX, its start is its right end. */
  readonly rtl: boolean;
}

/** How far `text-anchor` moves a chunk (SVG 2 §11.10.2): its start, middle or end at the anchor point. */
function anchorShift(chunk: Chunk): number {
  const width = Math.abs(chunk.endX - chunk.startX);
  const share = chunk.anchor === 'middle' ? 0.5 : chunk.anchor === 'end' ? 1 : 0;
  return chunk.rtl ? share * width : -share * width;
}

/** The rotation by `degrees` about (x, y). */
function turnAbout(degrees: number, x: number, y: number): DisplayItem {
  const r = (degrees * Math.PI) / 180;
  const [c, s] = [Math.cos(r), Math.sin(r)];
  return { kind: 'push-transform', matrix: [c, s, -s, c, x - c * x + s * y, y - s * x - c * y] };
}

/** A segment shaped, with where it goes: `shift` (the dx so far) and its baseline's `y`. */
interface PlacedSegment {
  readonly segment: Segment;
  readonly runs: ShapedText['runs'];
  readonly width: number;
  readonly letterSpacing: number;
  readonly wordSpacing: number;
  readonly shift: number;
  readonly y: number;
}

/**
 * Lays the characters out in chunks; `extra` px are added after every character (textLength
 * spacing). Within a chunk the bidi runs are shaped each in its own direction and put in visual
 * order (UAX #9 L2) from the chunk's start, rightwards or (right to left) leftwards; every `dx`
 * then moves its character and the ones after it in logical order (SVG 2 §11.8.3).
 */
function layout(chars: readonly Char[], text: TextSystem, walk: TextWalk, extra: number): Chunk[] {
  const chunks: Chunk[] = [];
  let x = 0;
  let y = 0;
  for (const chunkPieces of chunksOf(pieces(chars))) {
    const head = chunkPieces[0]!.chars[0]!;
    const rtl = head.style.direction === 'rtl';
    const startX = head.x ?? x;
    const chunk: Chunk = { items: [], server: [], startX, endX: startX, inkEnd: startX, anchor: head.style.textAnchor, rtl };
    chunks.push(chunk);
    let shift = 0;
    const placed: PlacedSegment[] = segmentsOf(chunkPieces, rtl).map((segment) => {
      const first = segment.chars[0]!;
      const s = first.style;
      if (segment.opensPiece) {
        shift += first.dx ?? 0;
        y = (first.y ?? y) + (first.dy ?? 0);
      }
      const odd = segment.level % 2 === 1;
      const content = segment.chars.map((c) => c.ch).join('');
      const shaped = text.shape(content, fontRequest(s, walk.vertical), { direction: odd ? 'rtl' : 'ltr' });
      // cursive scripts take no letter-spacing (CSS Text 3 §8.2), as in HTML
      const letterSpacing = isCursive(content) ? 0 : s.letterSpacing;
      // right to left: the runs (logical order) go from the right, each run's glyphs are in visual order
      const runs = odd ? [...shaped.runs].reverse() : shaped.runs;
      const wordSpacing = s.wordSpacing;
      const width = runs.reduce((sum, run) => sum + run.glyphs.reduce((w, g) => w + g.advance + spacingOf(g, letterSpacing + wordSpacingOf(g, wordSpacing), extra), 0), 0);
      return { segment, runs, width, letterSpacing, wordSpacing, shift, y };
    });
    const total = placed.reduce((sum, p) => sum + p.width, 0);
    let pen = rtl ? startX - total : startX;
    for (const index of visualOrder(placed.map((p) => p.segment.level))) {
      const p = placed[index]!;
      placeSegment(chunk, p, pen + p.shift, { text, walk, extra });
      pen += p.width;
    }
    // the next chunk without its own x goes on from this one's end
    x = startX + shift + (rtl ? -total : total);
  }
  return chunks;
}

/** The letter-spacing (and textLength spacing) after a glyph; none after a mark that belongs to the glyph before. */
function spacingOf(g: { readonly codePoints: readonly number[] }, letterSpacing: number, extra: number): number {
  return g.codePoints.length > 0 ? letterSpacing + extra : 0;
}

/** The word-spacing after a glyph of a word separator (CSS Text 3 §8.1: a space or a no-break space here). */
function wordSpacingOf(g: { readonly codePoints: readonly number[] }, wordSpacing: number): number {
  if (wordSpacing === 0) return 0;
  const c = g.codePoints[0];
  return c === 0x20 || c === 0xa0 ? wordSpacing : 0;
}

/** Draws a placed segment from its left end `left` and stretches the chunk's extent over it; `extra` is the textLength spacing. */
function placeSegment(chunk: Chunk, p: PlacedSegment, left: number, { text, walk, extra }: { text: TextSystem; walk: TextWalk; extra: number }): void {
  const first = p.segment.chars[0]!;
  const s = first.style;
  const firstItem = chunk.items.length;
  const server = s.fill.kind === 'url' && walk.serverPaint !== undefined ? s.fill : undefined;
  const fill = server === undefined ? glyphColor(s, walk) : undefined;
  const stroke = strokeOf(s, walk);
  const baseline = p.y + baselineShift(s, text, walk.vertical === true) + first.shift;
  const metrics = server === undefined ? undefined : text.metrics(fontRequest(s));
  // letter-spacing goes after each glyph in its run's direction, the textLength spacing in the chunk's:
  // to the right of a glyph, or to its left right to left (as Chromium puts them)
  const odd = p.segment.level % 2 === 1;
  const letter = (g: { readonly codePoints: readonly number[] }): number => spacingOf(g, p.letterSpacing + wordSpacingOf(g, p.wordSpacing), 0);
  const stretch = (g: { readonly codePoints: readonly number[] }): number => spacingOf(g, 0, extra);
  let x = left;
  for (const run of p.runs) {
    const before = run.glyphs.map((g) => (odd ? letter(g) : 0) + (chunk.rtl ? stretch(g) : 0));
    const after = run.glyphs.map((g) => (odd ? 0 : letter(g)) + (chunk.rtl ? 0 : stretch(g)));
    const advances = run.glyphs.map((g, i) => g.advance + after[i]! + (before[i + 1] ?? 0));
    const item: GlyphsItem = {
      kind: 'glyphs', x: x + (before[0] ?? 0), y: baseline, face: run.face, size: run.size, color: fill ?? { r: 0, g: 0, b: 0, a: 0 }, glyphs: run.glyphs, advances,
      syntheticBold: run.face.syntheticBold ? syntheticBoldWidth(run.size) : 0, syntheticOblique: run.face.syntheticOblique,
      ...(stroke === undefined ? {} : { stroke }),
    };
    // upright glyphs of vertical text are drawn turned back from their outlines (filled only, as in HTML)
    if (s.visibility === 'visible' && run.upright !== undefined) appendAll(chunk.items, uprightGlyphItems({ run, x: item.x, advances }, item.x, run.upright, baseline, item.color));
    else if (s.visibility === 'visible' && (fill !== undefined || stroke !== undefined)) appendAll(chunk.items, glyphsInPaintOrder(item, s.paintOrder));
    if (s.visibility === 'visible' && server !== undefined && metrics !== undefined) {
      chunk.server.push({ fill: server, opacity: s.fillOpacity, run: item, top: baseline - metrics.ascent, bottom: baseline + metrics.descent });
    }
    run.glyphs.forEach((g, i) => {
      // the glyph with its spacing spans [from, to]
      const from = x;
      const to = x + before[i]! + g.advance + after[i]!;
      x = to;
      // spaces count, a chunk's last ones too: white space collapses over the whole <text>, which
      // alone loses its end's (SVG 2 §11.3; Highcharts' "Data for " before a line-breaking chunk)
      if (chunk.rtl && from < chunk.endX) {
        chunk.endX = from;
        chunk.inkEnd = from + letter(g) + stretch(g);
      } else if (!chunk.rtl && to > chunk.endX) {
        chunk.endX = to;
        chunk.inkEnd = to - letter(g) - stretch(g);
      }
    });
  }
  const firstRun = p.runs[0];
  if (s.decorations.length > 0 && s.visibility === 'visible' && firstRun !== undefined && p.width > 0) {
    const line = (kind: LineKind): DisplayItem[] => s.decorations.filter((d) => d[kind]).flatMap((d) => {
      // the text's own font size sets the thickness, not the declaring element's (Chromium: 2px under 20px text in a 16px <g>)
      const { top, thickness } = autoDecorationLine(kind, baseline, { face: firstRun.face, size: firstRun.size }, s.fontSize);
      return decorationItems({ x: left, y: top, width: p.width, height: thickness }, d.style, walk);
    });
    // under the glyphs, a line-through over them (CSS Text Decoration 3 §3, as in HTML)
    const glyphs = chunk.items.splice(firstItem);
    appendAll(chunk.items, line('underline'));
    appendAll(chunk.items, line('overline'));
    appendAll(chunk.items, glyphs);
    appendAll(chunk.items, line('lineThrough'));
  }
  if ((first.rotate ?? 0) !== 0 && p.segment.opensPiece && chunk.items.length > firstItem) {
    // a glyph turns about its start: its left end, or its right end when it runs right to left
    chunk.items.splice(firstItem, 0, turnAbout(first.rotate!, p.segment.level % 2 === 1 ? left + p.width : left, p.y));
    chunk.items.push({ kind: 'pop-transform' });
  }
}

/**
 * A decoration line's rectangle painted as SVG 2 §11.12 has it: filled and stroked with the fill and
 * stroke of the element that declared the decoration (Chromium 156: its fill, then its stroke).
 */
function decorationItems(rect: { x: number; y: number; width: number; height: number }, style: SvgStyle, walk: TextWalk): DisplayItem[] {
  const items: DisplayItem[] = [];
  const fill = glyphColor(style, walk);
  if (fill !== undefined && fill.a > 0) items.push({ kind: 'fill-rect', rect, color: fill });
  const stroke = strokeOf(style, walk);
  if (stroke !== undefined) {
    const { x, y, width, height } = rect;
    const path: PathSegment[] = [{ op: 'move', x, y }, { op: 'line', x: x + width, y }, { op: 'line', x: x + width, y: y + height }, { op: 'line', x, y: y + height }, { op: 'close' }];
    items.push({ kind: 'stroke-path', path, color: stroke.color, width: stroke.width, lineCap: style.strokeLinecap, lineJoin: style.strokeLinejoin, miterLimit: style.strokeMiterlimit });
  }
  return items;
}

/**
 * `textLength` and `lengthAdjust` of a `<text>` (SVG 2 §11.8.1): the extra room spread between
 * the characters (`spacing`), or the text scaled horizontally from its start (`spacingAndGlyphs`).
 */
function adjustLength(element: DomElement, chars: readonly Char[], text: TextSystem, walk: TextWalk, natural: Chunk[]): { chunks: Chunk[]; scale: number } {
  const wanted = length(element.attribs['textLength'], walk.viewport.width, NaN);
  if (!Number.isFinite(wanted) || wanted < 0 || natural.length === 0) return { chunks: natural, scale: 1 };
  // right to left, the text runs from its start leftwards
  const measured = Math.abs(natural[natural.length - 1]!.inkEnd - natural[0]!.startX);
  if (element.attribs['lengthAdjust'] === 'spacingAndGlyphs') return { chunks: natural, scale: measured > 0 ? wanted / measured : 1 };
  if (chars.length < 2) return { chunks: natural, scale: 1 };
  return { chunks: layout(chars, text, walk, (wanted - measured) / (chars.length - 1)), scale: 1 };
}

/**
 * The chunk's glyphs filled by gradients or patterns (SVG 2 §13.2): each paint server painted
 * over the chunk's box (its objectBoundingBox) through a clip made of its glyphs.
 */
function serverFills(chunk: Chunk, walk: TextWalk): DisplayItem[] {
  if (chunk.server.length === 0 || walk.serverPaint === undefined) return [];
  const top = minOf(chunk.server.map((r) => r.top));
  const bottom = maxOf(chunk.server.map((r) => r.bottom));
  const box: PathSegment[] = [
    { op: 'move', x: chunk.startX, y: top }, { op: 'line', x: chunk.endX, y: top }, { op: 'line', x: chunk.endX, y: bottom }, { op: 'line', x: chunk.startX, y: bottom }, { op: 'close' },
  ];
  const out: DisplayItem[] = [];
  for (const id of new Set(chunk.server.map((r) => r.fill.id))) {
    const runs = chunk.server.filter((r) => r.fill.id === id);
    const clip: DisplayItem = { kind: 'push-clip-glyphs', runs: runs.map((r) => r.run) };
    const paint = walk.serverPaint(runs[0]!.fill, box, runs[0]!.opacity);
    const at = paint.findIndex((item) => item.kind === 'push-clip-path');
    // a server clips to the shape it paints: the glyphs take the box's place; a fallback colour gets the clip around it
    appendAll(out, at >= 0 ? paint.map((item, k) => (k === at ? clip : item)) : paint.length > 0 ? [clip, ...paint, { kind: 'pop-clip' } as DisplayItem] : []);
  }
  return out;
}

/** The path of a `<text>`'s `<textPath>` child and its start offset; undefined without one. */
function textPathOf(element: DomElement, walk: TextWalk): { line: ReturnType<typeof flatten>; startOffset: number } | undefined {
  const child = element.children.find((c): c is DomElement => isElement(c) && localName(c) === 'textPath');
  const href = child === undefined ? undefined : hrefOf(child);
  const target = href?.startsWith('#') === true ? walk.doc.ids.get(href.slice(1)) : undefined;
  const path = target === undefined ? undefined : shapePath(target, walk.viewport);
  if (child === undefined || path === undefined || path.length === 0) return undefined;
  const line = flatten(path);
  return { line, startOffset: length(child.attribs['startOffset'], pathLength(line), 0) };
}

/** The glyph items of a `<text>` element (`style` is its computed style). */
export function textItems(element: DomElement, style: SvgStyle, walk: TextWalk): DisplayItem[] {
  if (walk.text === undefined) return [];
  const chars: Char[] = [];
  gather(element, style, walk, chars, { preserve: false, shift: 0 });
  if (!keepsSpaces(element, style, false)) while (chars.length > 0 && chars[chars.length - 1]!.ch === ' ') chars.pop();
  const along = textPathOf(element, walk);
  if (along !== undefined) {
    // glyphs on a path are placed one by one: a paint server's fill gives them one colour there
    const { serverPaint: _server, ...plain } = walk;
    const { chunks } = adjustLength(element, chars, walk.text, plain, layout(chars, walk.text, plain, 0));
    const baseline = chars[0]?.y ?? 0;
    return chunks.flatMap((chunk) => {
      const shift = anchorShift(chunk);
      const glyphs = chunk.items.map((item) => (item.kind === 'glyphs' ? { ...item, y: item.y - baseline } : item));
      return onPath(glyphs, along.line, along.startOffset + shift);
    });
  }
  if (style.writingMode === 'horizontal') return lineItems(element, chars, walk.text, walk);
  // vertical: laid out along x in a frame turned a quarter turn clockwise, y down the line, x (negated) across it
  const turned = chars.map(({ x, y, dx, dy, ...c }): Char => ({ ...c, x: y, y: x === undefined ? undefined : -x, dx: dy, dy: dx === undefined ? undefined : -dx }));
  return [{ kind: 'push-transform', matrix: [0, 1, -1, 0, 0, 0] }, ...lineItems(element, turned, walk.text, { ...walk, vertical: true }), { kind: 'pop-transform' }];
}

/** The items of text laid out along x: each chunk moved for its `text-anchor`, the whole scaled for `textLength`. */
function lineItems(element: DomElement, chars: readonly Char[], text: TextSystem, walk: TextWalk): DisplayItem[] {
  const { chunks, scale } = adjustLength(element, chars, text, walk, layout(chars, text, walk, 0));
  const items = chunks.flatMap((chunk) => {
    const shift = anchorShift(chunk);
    const own = [...serverFills(chunk, walk), ...chunk.items];
    if (shift === 0 || own.length === 0) return own;
    return [{ kind: 'push-transform', matrix: [1, 0, 0, 1, shift, 0] } as DisplayItem, ...own, { kind: 'pop-transform' } as DisplayItem];
  });
  if (scale === 1 || items.length === 0) return items;
  const x0 = chunks[0]!.startX;
  return [{ kind: 'push-transform', matrix: [scale, 0, 0, 1, x0 * (1 - scale), 0] }, ...items, { kind: 'pop-transform' }];
}
