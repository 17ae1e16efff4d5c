/** Computed font values the text stage reads besides the family and descriptors (CSS Fonts 4). */

/** §3.8 `font-synthesis-*`: `none` forbids what `auto` lets the text stage synthesize. Part of ComputedStyle. */
export interface FontSynthesisStyle {
  readonly fontSynthesisWeight: 'auto' | 'none';
  readonly fontSynthesisStyle: 'auto' | 'none';
  readonly fontSynthesisSmallCaps: 'auto' | 'none';
  /** octavo synthesizes no super- or subscripts: `auto` and `none` draw alike. */
  readonly fontSynthesisPosition: 'auto' | 'none';
}
