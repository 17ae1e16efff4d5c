/**
 * Chromium's `::-webkit-scrollbar` on a scroll container: `display: none` hides its scrollbars
 * and their room, as `scrollbar-width: none` does (the "hide the scrollbar" recipes write both, or
 * the first alone); its other styles describe a custom scrollbar octavo does not draw (warned,
 * the classic one printed). Chromium reads it only while `scrollbar-width` and `scrollbar-color`
 * are `auto`.
 */
import type { ComputedStyle } from './types.js';
import type { IndexedSelector } from './rule-index.js';

/** Whether a `::-webkit-scrollbar` rule among `matched` can change the element's scrollbars: read first, style reads only. */
export function scrollbarPseudoApplies(style: ComputedStyle, matched: readonly IndexedSelector[]): boolean {
  if (style.overflowX === 'visible' && style.overflowY === 'visible') return false;
  return style.scrollbarWidth === 'auto' && style.scrollbarColor === 'auto' && matched.some((m) => m.entry.pseudo === 'scrollbar');
}

/** The element's style given its `::-webkit-scrollbar` style (`own`, where scrollbarPseudoApplies); `warn` for one octavo does not draw. */
export function withScrollbarPseudo(style: ComputedStyle, own: ComputedStyle | undefined, warn: () => void): ComputedStyle {
  if (own?.display === 'none') return { ...style, scrollbarWidth: 'none' };
  warn();
  return style;
}
