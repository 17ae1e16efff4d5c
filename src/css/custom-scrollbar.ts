/**
 * Chromium's custom scrollbars (its CustomScrollbar, each part a LayoutCustomScrollbarPart with a
 * pseudo-element's style): a scroll container that a `::-webkit-scrollbar` rule matches draws its
 * scrollbars from that rule and its parts' rules — a rule without pseudo-classes, as Chromium
 * decides it with no scrollbar to match them against (`::-webkit-scrollbar:vertical` alone leaves
 * the classic bar). `scrollbar-width` and `scrollbar-color` other than `auto` win (Chromium 121+).
 *
 * Each part's style is computed as a pseudo-element's of the element, once per distinct list of
 * rules that match it, in every state its pseudo-classes tell apart: the bar's orientation,
 * whether its content scrolls (`:enabled`), whether a corner shows. A part no rule matches, or
 * whose `display` is `none`, is not there; of the buttons, only the one at each end that points
 * outwards is there unless `display: block` asks for the other two (Chromium's single buttons).
 */
import type { ComputedStyle, CustomScrollbar, ScrollbarPart, ScrollbarPseudo, ScrollbarPseudoClass, ScrollbarState } from './types.js';
import type { IndexedSelector } from './rule-index.js';
import { textareaOverflow, usedOverflow } from './properties/display.js';

const PSEUDO_OF: Readonly<Record<ScrollbarPart, ScrollbarPseudo>> = {
  scrollbar: 'scrollbar', track: 'scrollbar-track', 'track-piece-back': 'scrollbar-track-piece', 'track-piece-forward': 'scrollbar-track-piece',
  thumb: 'scrollbar-thumb', 'button-back-start': 'scrollbar-button', 'button-forward-start': 'scrollbar-button',
  'button-back-end': 'scrollbar-button', 'button-forward-end': 'scrollbar-button', corner: 'scrollbar-corner',
};
const PARTS = Object.keys(PSEUDO_OF) as ScrollbarPart[];
const STATES: readonly ScrollbarState[] = (['vertical', 'horizontal'] as const).flatMap((orientation) =>
  [true, false].flatMap((enabled) => [false, true].map((cornerPresent) => ({ orientation, enabled, cornerPresent }))));

/**
 * Whether the element may have a custom scrollbar: a scroll container with a scrollbar a
 * `::-webkit-scrollbar` rule styles; a textarea's overflow is its own (`textareaOverflow`).
 */
export function customScrollbarApplies(style: ComputedStyle, matched: readonly IndexedSelector[], textarea: boolean): boolean {
  const [x, y] = textarea ? textareaOverflow(style.overflowX, style.overflowY) : [style.overflowX, style.overflowY];
  const scrolls = (value: typeof x, other: typeof x): boolean => { const used = usedOverflow(value, other); return used === 'auto' || used === 'scroll'; };
  if (!scrolls(x, y) && !scrolls(y, x)) return false;
  return style.scrollbarWidth === 'auto' && style.scrollbarColor === 'auto' && matched.some(isBarRule);
}

function isBarRule(m: IndexedSelector): boolean {
  return m.entry.pseudo === 'scrollbar' && m.entry.scrollbarStates === undefined;
}

/**
 * The element's style with its custom scrollbar, `computePart` computing a part's style from the
 * rules that match it (cascade order). `::-webkit-scrollbar { display: none }` hides the bars
 * and their room, as `scrollbar-width: none` does (the "hide the scrollbar" recipes write both).
 */
export function withCustomScrollbar(style: ComputedStyle, matched: readonly IndexedSelector[], computePart: (entries: readonly IndexedSelector[]) => ComputedStyle): ComputedStyle {
  const computed = new Map<string, ComputedStyle>();
  const styleOf = (entries: readonly IndexedSelector[]): ComputedStyle => {
    const key = entries.map((m) => m.id).join(',');
    let known = computed.get(key);
    if (known === undefined) computed.set(key, (known = computePart(entries)));
    return known;
  };
  if (styleOf(matched.filter(isBarRule)).display === 'none') return { ...style, scrollbarWidth: 'none' };
  const parts = new Map<string, ComputedStyle>();
  for (const part of PARTS) {
    for (const state of part === 'corner' ? [undefined] : STATES) {
      const entries = matched.filter((m) => m.entry.pseudo === PSEUDO_OF[part] && (m.entry.scrollbarStates ?? []).every((c) => partMatches(part, c, state)));
      if (entries.length === 0) continue;
      const own = styleOf(entries);
      if (isThere(part, own)) parts.set(stateKey(part, state), own);
    }
  }
  return { ...style, customScrollbar: { parts } };
}

/** The style of `part` of a custom scrollbar in `state` (the corner's: none), undefined where the part is not there. */
export function partStyle(custom: CustomScrollbar, part: ScrollbarPart, state: ScrollbarState | undefined): ComputedStyle | undefined {
  return custom.parts.get(stateKey(part, part === 'corner' ? undefined : state));
}

function stateKey(part: ScrollbarPart, state: ScrollbarState | undefined): string {
  return state === undefined ? part : `${part}/${state.orientation}/${state.enabled ? 1 : 0}/${state.cornerPresent ? 1 : 0}`;
}

/** Chromium's single buttons (the platform's placement): the back button at the start, the forward one at the end. */
function isThere(part: ScrollbarPart, style: ComputedStyle): boolean {
  if (style.display === 'none') return false;
  return style.display === 'block' || (part !== 'button-forward-start' && part !== 'button-back-end');
}

/**
 * Whether a part in `state` (undefined: the corner, which has no scrollbar to match against)
 * matches a scrollbar pseudo-class, as Chromium's selector checker says on Linux, whose classic
 * bars have buttons: `:double-button` and `:no-button` match nothing.
 */
function partMatches(part: ScrollbarPart, pseudoClass: ScrollbarPseudoClass, state: ScrollbarState | undefined): boolean {
  if (state === undefined) return false;
  switch (pseudoClass) {
    case 'horizontal':
    case 'vertical': return state.orientation === pseudoClass;
    case 'enabled': return state.enabled;
    case 'disabled': return !state.enabled;
    case 'corner-present': return state.cornerPresent;
    case 'decrement': return part === 'button-back-start' || part === 'button-back-end' || part === 'track-piece-back';
    case 'increment': return part === 'button-forward-start' || part === 'button-forward-end' || part === 'track-piece-forward';
    case 'start': return part === 'button-back-start' || part === 'button-forward-start' || part === 'track-piece-back';
    case 'end': return part === 'button-back-end' || part === 'button-forward-end' || part === 'track-piece-forward';
    case 'single-button': return part === 'button-back-start' || part === 'button-forward-end' || part === 'track-piece-back' || part === 'track-piece-forward';
    case 'double-button':
    case 'no-button': return false;
  }
}
