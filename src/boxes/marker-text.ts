/** The text of a list item's ::marker whose `content` is `normal` (CSS Lists 3 §3.1), and the symbol it draws. */
import type { ComputedStyle } from '../css/types.js';
import type { InlineLevelBox, ListSymbol, ListSymbolType } from './types.js';

export function textBox(style: ComputedStyle, text: string, symbol: ListSymbol | undefined): InlineLevelBox[] {
  if (text.length === 0) return [];
  return [symbol === undefined ? { kind: 'text', text, style, element: undefined, pseudo: 'marker' } : { kind: 'text', text, style, element: undefined, pseudo: 'marker', listSymbol: symbol }];
}

/** The gap Chromium leaves after a `list-style-image` marker, px (Blink's kCMarkerPaddingPx). */
export const MARKER_PADDING = 7;

const LIST_SYMBOLS: ReadonlySet<string> = new Set<ListSymbolType>(['disc', 'circle', 'square', 'disclosure-open', 'disclosure-closed']);

/** The symbol a `content: normal` marker of a symbol `list-style-type` draws (these counter styles cannot be redefined). */
export function listSymbol(markerStyle: ComputedStyle, itemStyle: ComputedStyle): ListSymbol | undefined {
  const type = itemStyle.listStyleType;
  if (markerStyle.content !== 'normal' || typeof type !== 'string' || !LIST_SYMBOLS.has(type)) return undefined;
  return { type: type as ListSymbolType, position: itemStyle.listStylePosition };
}
