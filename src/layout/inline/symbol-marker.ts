/**
 * The width of an inside disc/circle/square list marker as Chromium gives it. Blink's
 * LayoutListMarker makes the symbol b + 2 px wide with inline margins of −1 px and 1em, b being
 * ⌊(⌊2A/3⌋ + 1)/2⌋ for the primary font's ascent A rounded to px: the text after the marker
 * starts 1em + b + 1 px on. Measured in Chromium 156 at 10/14/16/20/32 px (14/19/22/27/43 px) for
 * Liberation Sans, Liberation Serif and DejaVu Sans; octavo's "• " text was 6–20 px, so an inside
 * marker's text started left of Chromium's.
 */
import type { TextSystem } from '../../text/types.js';
import { fontRequestFromStyle } from '../../text/request.js';
import type { TextItem } from './items.js';
import type { TextPiece } from './measure.js';

const SYMBOL_TYPES: ReadonlySet<unknown> = new Set(['disc', 'circle', 'square']);

/** A symbol marker's text widened (its last advance, the space) to Chromium's width; other pieces unchanged. */
export function withSymbolMarkerWidth(item: TextItem, pieces: TextPiece[], text: TextSystem): TextPiece[] {
  if (!isInsideSymbolMarker(item) || pieces.length !== 1) return pieces;
  const piece = pieces[0]!;
  const run = piece.runs[piece.runs.length - 1];
  if (run === undefined || run.advances.length === 0) return pieces;
  const ascent = Math.round(text.metrics(fontRequestFromStyle(item.style, item.lang)).ascent);
  const symbolSize = Math.floor((Math.floor((2 * ascent) / 3) + 1) / 2);
  const extra = item.style.fontSize + symbolSize + 1 - piece.width;
  if (extra <= 0) return pieces;
  const advances = run.advances.map((advance, i) => (i === run.advances.length - 1 ? advance + extra : advance));
  return [{ ...piece, runs: [...piece.runs.slice(0, -1), { ...run, advances }], width: piece.width + extra }];
}

/** The `list-style-type` text of an inside ::marker (an inline box; outside markers are blocks) of a symbol type. */
function isInsideSymbolMarker(item: TextItem): boolean {
  const marker = item.parent;
  return marker !== undefined && marker.pseudo === 'marker' && marker.style.content === 'normal' && SYMBOL_TYPES.has(marker.style.listStyleType);
}
