/** The records of the page styles the cascade memo keeps (css/kept-page-styles.ts). */
import type { ComputedStyle, PageStyle } from './types.js';

/**
 * Page boxes and margin-box styles computed without a warning, kept by the cascade memo of one
 * stylesheet list for the next documents made with it (css/kept-page-styles.ts).
 */
export interface KeptPageStyles {
  /** By the style the page box inherits from. */
  readonly pages: WeakMap<ComputedStyle, KeptPages>;
  /** The margin-box styles of a kept page box, by box name (undefined: the box generates nothing). */
  readonly marginBoxes: WeakMap<PageStyle, Map<string, ComputedStyle | undefined>>;
}

export interface KeptPages {
  /** The root's custom properties these page boxes were computed with. */
  readonly custom: ReadonlyMap<string, string> | undefined;
  /** Page boxes by page kind (css/page.ts' `pageKey`). */
  readonly byKind: Map<string, PageStyle>;
}
