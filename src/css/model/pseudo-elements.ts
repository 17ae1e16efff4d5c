/** The pseudo-elements a rule can style and the boxes they make (css/selectors.ts names them). */

/**
 * `::footnote-call` and `::footnote-marker` exist on `float: footnote` elements (CSS GCPM 3 §2.3);
 * the parts of a progress bar, a meter and a slider are Chromium's `::-webkit-progress-bar`,
 * `::-webkit-meter-bar`... by shorter names (css/selectors.ts), drawn where the control's
 * `appearance` is `none` (a meter's always: boxes/meter-parts.ts); a date or time field's
 * `::-webkit-datetime-edit-fields-wrapper` gives its fields' line its vertical padding.
 */
export type PseudoElement = 'before' | 'after' | 'marker' | 'footnote-call' | 'footnote-marker' | 'file-selector-button' | ControlPart;

/** The parts of a control that Chromium lets CSS style (boxes/form-controls.ts draws them). */
export type ControlPart = 'progress-bar' | 'progress-value' | 'slider-track' | 'slider-thumb' | MeterPart | 'datetime-fields-wrapper';

/**
 * A meter's parts, nested as in Chromium's shadow tree: its inner element holds the bar, the bar
 * holds the one value part of the value's region (HTML §4.10.14: optimum, suboptimum, even less good).
 */
export type MeterPart = 'meter-inner-element' | 'meter-bar' | 'meter-optimum-value' | 'meter-suboptimum-value' | 'meter-even-less-good-value';

/** Every pseudo-element a rule can style and a box can come from (::first-letter: `firstLetterStyle`). */
export type BoxPseudo = PseudoElement | 'first-letter' | 'first-line';

/**
 * Chromium's `::-webkit-scrollbar` and its parts' pseudo-elements (`::-webkit-scrollbar-thumb`...)
 * by shorter names: they style a scroll container's custom scrollbar (css/custom-scrollbar.ts).
 */
export type ScrollbarPseudo = 'scrollbar' | 'scrollbar-thumb' | 'scrollbar-track' | 'scrollbar-track-piece' | 'scrollbar-button' | 'scrollbar-corner';

/** Every pseudo-element a rule can style: those that make boxes, and the scrollbars' parts. */
export type RulePseudo = BoxPseudo | ScrollbarPseudo;
