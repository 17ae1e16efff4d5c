/**
 * Chromium's `::-webkit-scrollbar` on a scroll container: `display: none` hides its scrollbars
 * and their room, as `scrollbar-width: none` does (the "hide the scrollbar" recipes write both, or
 * the first alone); its other styles describe a custom scrollbar octavo does not draw (warned,
 * the classic one printed). Chromium reads it only while `scrollbar-width` and `scrollbar-color`
 * are `auto`.
 */
import type { ComputedStyle } from './types.js';
import type { IndexedSelector } from './rule-index.js';

export function withScrollbarPseudo(
  style: ComputedStyle,
  matched: readonly IndexedSelector[],
  pseudoStyle: (matched: readonly IndexedSelector[]) => ComputedStyle | undefined,
  warn: () => void,
): ComputedStyle {
  if (style.overflowX === 'visible' && style.overflowY === 'visible') return style;
  if (style.scrollbarWidth !== 'auto' || style.scrollbarColor !== 'auto' || !matched.some((m) => m.entry.pseudo === 'scrollbar')) return style;
  const own = pseudoStyle(matched);
  if (own?.display === 'none') return { ...style, scrollbarWidth: 'none' };
  warn();
  return style;
}
