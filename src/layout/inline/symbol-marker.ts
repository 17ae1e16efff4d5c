/**
 * List markers whose `list-style-type` is disc, circle, square or disclosure-open/-closed, sized
 * and placed as Chromium does (Blink's ListMarker: WidthOfSymbol, InlineMarginsForInside and
 * ...ForOutside, RelativeSymbolMarkerRect). The symbol is a shape sized from the marker font's
 * ascent A rounded to px, not the font's glyph: a disc of b = ⌊(⌊2A/3⌋ + 1)/2⌋ px in a text
 * b + 2 px wide, or a disclosure triangle of 0.66em. Inside markers add margins (−1 px and 1em;
 * 0 and 0.4em for disclosures); outside markers start ⌊2A/3⌋ + 8 px (0.66em + 8 px) before the
 * item's content. Measured in Chromium 156 at 10–32 px for Liberation Sans, Liberation Serif and
 * DejaVu Sans: the fonts' glyphs were 6–8 px right of Chromium's shapes and about 15 % smaller.
 */
import type { ListSymbol } from '../../boxes/types.js';
import { MARKER_PADDING } from '../../boxes/marker-text.js';
import type { ComputedStyle } from '../../css/types.js';
import { fontRequestFromStyle } from '../../text/request.js';
import type { TextSystem } from '../../text/types.js';
import type { MarkerSymbol } from '../types.js';
import type { TextItem } from './items.js';
import type { MeasuredRun, TextPiece } from './measure.js';
import { layoutUnit } from '../box-model.js';

/** Blink's kCMarkerPaddingPx + 1: the gap between an outside symbol marker's box and its offset. */
const OUTSIDE_PADDING = MARKER_PADDING + 1;

/** A symbol marker's text piece at Chromium's width, carrying the symbol's shape; other pieces unchanged. */
export function withSymbolMarkerWidth(item: TextItem, pieces: TextPiece[], text: TextSystem): TextPiece[] {
  const symbol = item.listSymbol;
  if (symbol === undefined || pieces.length !== 1) return pieces;
  const piece = pieces[0]!;
  const geometry = symbolGeometry(symbol, item.style, text, item.lang);
  const rtl = item.style.direction === 'rtl';
  const [start, end] = symbol.position === 'inside' ? geometry.insideMargins : [0, 0];
  const width = Math.max(0, start + geometry.textWidth + end);
  // The shape stands in the marker's text box, after the margin on its left (the end margin in rtl).
  const shape: MarkerSymbol = { ...geometry.shape, x: geometry.shape.x + (rtl ? end : start) };
  // Object.assign, not a spread followed by a new key (a new hidden class per call on Node 20)
  return [Object.assign({}, piece, { runs: scaledRuns(piece.runs, piece.width, width), width, symbol: shape })];
}

interface SymbolGeometry {
  /** Width of the marker's text box. */
  readonly textWidth: number;
  /** An inside marker's inline start and end margins. */
  readonly insideMargins: readonly [number, number];
  /** The shape, x from the text box's left edge, and the outside gap. */
  readonly shape: MarkerSymbol;
}

function symbolGeometry(symbol: ListSymbol, style: ComputedStyle, text: TextSystem, lang: string): SymbolGeometry {
  const em = style.fontSize;
  const ascent = Math.round(text.metrics(fontRequestFromStyle(style, lang)).ascent);
  if (symbol.type === 'disclosure-open' || symbol.type === 'disclosure-closed') {
    const size = layoutUnit(em * 0.66);
    return {
      textWidth: size,
      insideMargins: [0, layoutUnit(em * 0.4)],
      shape: { type: symbol.type, x: 0, y: -size, width: size, height: size, outsideGap: size + OUTSIDE_PADDING },
    };
  }
  const offset = Math.floor((2 * ascent) / 3);
  const size = Math.floor((offset + 1) / 2);
  return {
    textWidth: em === 0 ? 0 : size + 2,
    insideMargins: [-1, layoutUnit(em)],
    shape: { type: symbol.type, x: 1, y: -ascent + Math.floor((3 * (ascent - offset)) / 2), width: size, height: size, outsideGap: offset + OUTSIDE_PADDING },
  };
}

/** The runs' advances scaled to `width` in all: the glyphs stay, unpainted, for a reader to copy. */
function scaledRuns(runs: readonly MeasuredRun[], natural: number, width: number): MeasuredRun[] {
  const scale = natural > 0 ? width / natural : 0;
  return runs.map((run) => ({ ...run, advances: run.advances.map((advance) => advance * scale) }));
}
