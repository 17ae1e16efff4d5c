/**
 * Layout results: positioned fragments (CSS px). A fragment's position is relative to its parent
 * fragment's border box (fragment.ts), so a laid-out subtree moves by one offset; a finished
 * `PageLayout` keeps them so — its top-level fragments and margin boxes are in page coordinates
 * (origin at the page box's top-left), and paint adds each parent's page position as it walks
 * down (paint/placed.ts).
 * Fragments are new immutable values; boxes are never mutated.
 */
import type { Rect, Sides } from '../geometry/types.js';
import type { Matrix } from '../geometry/matrix.js';
import type { BorderStyle, Color, ComputedStyle, PageContext, PageStyle } from '../css/types.js';
import type { Box, ListSymbolType } from '../boxes/types.js';
import type { GlyphRun } from '../text/types.js';
import type { LoadedImage } from '../resources/types.js';

/** A box's piece on one page (or one line, for inline boxes). x/y/width/height is the border box. */
export interface BoxFragment {
  readonly kind: 'box';
  readonly box: Box;
  readonly style: ComputedStyle;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Used border widths and padding; a side cut by a page or line break is 0 (box-decoration-break: slice). */
  readonly border: Sides;
  readonly padding: Sides;
  readonly children: readonly Fragment[];
  /** The box continues on an earlier / later page or line. */
  readonly continuedBefore: boolean;
  readonly continuedAfter: boolean;
  /**
   * An inline box's fragment on a line: whether it carries the box's left / right margin, border
   * and padding (rounded corners there) — where the box starts and ends, on every line with
   * `box-decoration-break: clone`, and not where bidi reordering cuts it on its line.
   */
  readonly inlineEdges?: { readonly left: boolean; readonly right: boolean };
  /** A table in the collapsing border model: its borders, painted over its cells (CSS2 §17.6.2). */
  readonly collapsedBorders?: readonly CollapsedBorderSegment[];
  /** A multi-column container: its column rules, painted with its border (CSS Multi-column 1 §4). */
  readonly columnRules?: readonly CollapsedBorderSegment[];
  /**
   * A table background layer (a row group's, row's, column's background: CSS2 §17.5.1) laid over
   * the whole area of its cells so that its image is positioned against it, but painted only
   * inside these cell rects (relative to its own border-box origin): never in the border spacing.
   */
  readonly backgroundOnlyIn?: readonly Rect[];
  /**
   * A fieldset with a rendered legend (HTML §15.3.13): its background and border start `outset`
   * below the border-box top (the border centred on a taller legend), and the block-start border
   * is not drawn from `x` over `width` (behind the legend's border box), relative to its border box.
   */
  readonly legendGap?: { readonly x: number; readonly width: number; readonly outset: number };
  /**
   * An inline box's fragment on a line: its baseline, px below its border-box top, and its font's
   * ascent rounded to whole px — where the decorations it propagates to its text are drawn (CSS
   * Text Decoration 3 §2), whatever `vertical-align` and font size that text has.
   */
  readonly inlineBaseline?: { readonly offset: number; readonly ascent: number };
}

/** One collapsed border between two grid lines (or a column rule), relative to its table's (container's) border box. */
export interface CollapsedBorderSegment {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Along a vertical grid line (else a horizontal one). */
  readonly vertical: boolean;
  readonly style: BorderStyle;
  readonly color: Color;
}

/** A line box (CSS Inline 3 §2). */
export interface LineFragment {
  readonly kind: 'line';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** y of the line's alphabetic baseline (in the same frame as y). */
  readonly baseline: number;
  readonly children: readonly Fragment[];
}

/** One glyph run placed on a line, with the final advance of every glyph. */
export interface PlacedRun {
  readonly run: GlyphRun;
  /** x of the first glyph's origin (in the same frame as the text fragment's x). */
  readonly x: number;
  /** Final advances (shaping + letter-spacing + word-spacing + justification), px. */
  readonly advances: readonly number[];
}

/** Text on one line in one style. */
export interface TextFragment {
  readonly kind: 'text';
  readonly style: ComputedStyle;
  readonly x: number;
  /** Top of the content area (ascent above the baseline). */
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** y of the baseline (in the same frame as y). */
  readonly baseline: number;
  readonly runs: readonly PlacedRun[];
  /** The text as the reader sees it (for links, search, tests). */
  readonly text: string;
  /** A list marker's symbol, drawn as a shape in place of the glyphs (which stay for text extraction). */
  readonly symbol?: MarkerSymbol | undefined;
  /** Emphasis marks over or under the text (layout/inline/emphasis-marks.ts). */
  readonly emphasis?: EmphasisMarks | undefined;
}

/** The emphasis marks of a text fragment: one glyph run drawn at each x. */
export interface EmphasisMarks {
  /** The mark, shaped at its size in the text's fonts. */
  readonly run: GlyphRun;
  /** x of each mark's origin from the fragment's left edge, px, left to right. */
  readonly xs: readonly number[];
  /** The marks' baseline below the text's baseline (negative: above), px. */
  readonly dy: number;
  readonly color: Color;
}

/**
 * A list marker's symbol as Blink draws it (layout/inline/symbol-marker.ts): its box, x from the
 * text fragment's left edge and y from its baseline, px, before snapping to whole pixels.
 */
export interface MarkerSymbol {
  readonly type: ListSymbolType;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** An outside marker's box starts this far before the item's content edge (its inline start). */
  readonly outsideGap: number;
}

/** An image (replaced element) content box. */
export interface ImageFragment {
  readonly kind: 'image';
  readonly style: ComputedStyle;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly image: LoadedImage;
  /** An inline `<svg>`'s `<foreignObject>` blocks laid out, by number (layout/foreign-object.ts); the SVG painter draws them. */
  readonly foreign: readonly (BoxFragment | undefined)[] | undefined;
}

export type Fragment = BoxFragment | LineFragment | TextFragment | ImageFragment;

/** One laid-out page. */
export interface PageLayout {
  /** 0-based page index. */
  readonly index: number;
  readonly width: number;
  readonly height: number;
  readonly pageStyle: PageStyle;
  /** Used page margins, px. */
  readonly margins: Sides;
  /** Fragments of the document flow on this page (normally the root box's fragment). */
  readonly children: readonly Fragment[];
  /** Margin-box fragments (@top-center...), painted like normal fragments. */
  readonly marginBoxes: readonly Fragment[];
  /** A page left blank so that a `left`/`right` break starts on the side it asks for (CSS Paged Media 3 §4.2, `:blank`). */
  readonly blank: boolean;
  /** The page context the page was styled with (its name, side, page group); absent in hand-built pages. */
  readonly context?: PageContext;
  /**
   * Shrink to fit (layout/document.ts): the flow (`children`) was laid out on a larger page area
   * and is drawn through this matrix, which scales it down about the page area's corner. Absent: 1.
   */
  readonly flowTransform?: Matrix;
}
