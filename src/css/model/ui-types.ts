/** CSS Basic User Interface 4's properties that change a printed page, part of ComputedStyle. */
import type { Color } from './color-types.js';
import type { CustomScrollbar } from './scrollbar-types.js';

export interface UiStyle {
  /**
   * §7.1: `none` leaves a form control to the author's CSS; `menulist-button` is a select that
   * lost its native look to author styles (css/control-fallback.ts).
   */
  readonly appearance: 'auto' | 'none' | 'menulist-button';
  /** §5.1 (boxes/form-controls.ts). */
  readonly fieldSizing: 'fixed' | 'content';
  /** §5.1: on a scroll container, other than `none` prints Chromium's resize grip (paint/resizer.ts). */
  readonly resize: 'none' | 'both' | 'horizontal' | 'vertical' | 'block' | 'inline';
  /**
   * CSS Scrollbars 1 §3: `none` prints no scrollbar and keeps no room for one; `thin` a narrower
   * one (layout/scrollbars.ts).
   */
  readonly scrollbarWidth: 'auto' | 'thin' | 'none';
  /** CSS Scrollbars 1 §2 (paint/scrollbars.ts). */
  readonly scrollbarColor: 'auto' | { readonly thumb: Color; readonly track: Color };
  /** CSS Overflow 3 §5.2: room kept for a vertical scrollbar that may not be there (layout/scrollbars.ts). */
  readonly scrollbarGutter: 'auto' | 'stable' | 'stable both-edges';
  /**
   * Chromium's custom scrollbar, on a scroll container a `::-webkit-scrollbar` rule matches while
   * `scrollbar-width` and `scrollbar-color` are `auto` (css/custom-scrollbar.ts): not a property.
   */
  readonly customScrollbar?: CustomScrollbar | undefined;
  /** §6.2: `auto` is the platform's blue. */
  readonly accentColor: Color | 'auto';
}
