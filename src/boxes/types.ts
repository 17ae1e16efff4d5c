/**
 * The box tree (CSS Display 3 §2, CSS2 §9.2): what layout lays out. Built from the styled DOM with
 * anonymous boxes inserted, `display: none` removed, ::before/::after/::marker generated and
 * white space processed (CSS Text 3 §4.1.1, phase I).
 *
 * Every box kind names the formatting context it establishes for its contents, and children are
 * typed so that block-level and inline-level content never need a cast: a block container holds
 * either `BlockLevelBox`es or `InlineLevelBox`es (CSS2 §9.2.1.1), told apart by `inlineContent`.
 */
import type { BoxPseudo, ComputedStyle, ContentItem, Display, TextEdgeOver, TextEdgeUnder } from '../css/types.js';
import type { SourceLocation } from '../errors.js';
import type { DomElement } from '../dom/types.js';
import type { DocumentRecords } from './references.js';
import type { DocumentMode } from '../dom/document-mode.js';
import type { FontRelativeRatios } from '../css/values/font-metrics.js';

/**
 * What later stages read of the element that generated a box: its name, its attributes and its
 * parent's record (for the inherited `lang`). Boxes keep this, not the DOM element, so that the
 * DOM goes once the box tree is built (a 1,000-page table's DOM is some 50 MB); only a tagged PDF,
 * whose structure tree follows the DOM, keeps the element itself (`dom`).
 */
export interface BoxElement {
  readonly name: string;
  readonly attribs: Readonly<Record<string, string>>;
  /** The parent element's record; undefined for the root element. */
  readonly parent: BoxElement | undefined;
  /** The DOM element, for a tagged PDF only (undefined otherwise). */
  readonly dom: DomElement | undefined;
  /** Where its start tag begins in the document source (BoxTree.locate), for warnings of later stages. */
  readonly sourceOffset: number | null;
  /**
   * Its place in tree order: elements are numbered as the box tree opens them, and `orderEnd` is
   * the number after its last descendant's (where its ::after comes). Painting keeps positioned
   * boxes in tree order by it, wherever layout put their fragments (paint/stacking.ts).
   */
  readonly order: number;
  readonly orderEnd: number;
}

interface BoxBase {
  readonly style: ComputedStyle;
  /** The element that generated the box; undefined for anonymous boxes. */
  readonly element: BoxElement | undefined;
  readonly pseudo: BoxPseudo | undefined;
  /**
   * The decorated inline boxes a block-level box was taken out of (CSS2 §9.2.1.1: `<a><div>`),
   * outermost first: their text decorations propagate into it (CSS Text Decoration 3 §2.1).
   */
  readonly decoratedBy?: readonly ComputedStyle[] | undefined;
}

/** How a box takes part in its parent's formatting context (CSS Display 3 outer display type). */
export type OuterDisplay = 'block' | 'inline';

interface BlockContainerBase extends BoxBase {
  readonly kind: 'block';
  readonly outer: OuterDisplay;
  /** Outside ::marker of a list item, laid out beside the first line. */
  readonly marker?: BlockBox | undefined;
  /**
   * A piece of a block cut below a `column-span: all` spanner (layout/multicol/nested-spanners.ts):
   * its top is a break, so its first child's top margin stays inside it, as after a column break.
   */
  readonly resumesAfterSpanner?: boolean | undefined;
  /**
   * A fieldset's rendered legend (HTML §15.3.13), taken out of its children: layout/block/fieldset.ts
   * places it over the block-start border.
   */
  readonly legend?: BlockLevelBox | undefined;
  /**
   * On a ::marker box whose content is a `list-style-image`: the `list-style-type` content shown
   * instead when the image cannot be loaded (CSS Lists 3 §3.1).
   */
  readonly imageFallback?: readonly InlineLevelBox[] | undefined;
  /**
   * A block whose writing mode is vertical inside a horizontal parent (an orthogonal flow root,
   * CSS Writing Modes 3 §7.3): layout/orthogonal.ts lays its content out turned by a quarter turn.
   */
  readonly verticalRoot?: VerticalMode | undefined;
  /** Where the vertical root's element is, for the layout's warning when it does not fit a page. */
  readonly verticalSource?: SourceLocation | undefined;
  /**
   * A ::first-letter float with `initial-letter` (CSS Inline 3 §6): layout sizes and sinks it by
   * the lines of `paragraph`, the block whose first line it starts (layout/block/initial-letter.ts).
   */
  readonly initialLetter?: InitialLetterSpec | undefined;
  /**
   * `text-box-trim` of this block or of an ancestor whose first or last formatted line is in it
   * (boxes/text-box-trim.ts): the edge its first line is trimmed to at the start, its last at the end.
   */
  readonly textBoxTrim?: { readonly start?: TextEdgeOver; readonly end?: TextEdgeUnder } | undefined;
  /** A ruby pair's annotation (boxes/ruby.ts): laid out over or under the box's first line, outside its flow. */
  readonly ruby?: RubyAnnotation | undefined;
  /**
   * A form control whose width is its natural size (the author's is `auto`): block flow keeps it,
   * but flex and grid items stretch it as if it were `auto`, as Chromium does (boxes/form-controls.ts).
   */
  readonly naturalWidth?: true | undefined;
  /**
   * Its content's min- and max-content widths rounded up to whole pixels: a drop-down select's
   * options, whose widest Chromium ceils (MenuListIntrinsicInlineSize) — "One" makes a 48px select, not 47.2.
   */
  readonly wholePixelWidths?: true | undefined;
  /**
   * A control whose baseline is its bottom margin edge whatever boxes it is built of, as a box
   * without lines has it (CSS2 §10.8.1): a slider drawn from its parts (boxes/form-pickers.ts).
   */
  readonly baselineAtMarginEdge?: true | undefined;
}

export interface RubyAnnotation {
  readonly text: BlockBox;
  /** The sides where the annotation may overhang the content beside the pair (not another ruby's). */
  readonly overhangStart: boolean;
  readonly overhangEnd: boolean;
}

export interface InitialLetterSpec {
  readonly size: number;
  readonly sink: number;
  readonly paragraph: ComputedStyle;
}

export type VerticalMode = 'vertical-rl' | 'vertical-lr' | 'sideways-rl' | 'sideways-lr';

/** A block container whose children are block-level (it lays them out in block flow). */
export interface BlockFlowBox extends BlockContainerBase {
  readonly inlineContent: false;
  readonly children: readonly BlockLevelBox[];
}

/** A block container whose children are inline-level (it establishes an inline formatting context). */
export interface InlineFlowBox extends BlockContainerBase {
  readonly inlineContent: true;
  readonly children: readonly InlineLevelBox[];
  /**
   * The same content styled for its first line (CSS Pseudo 4 §2.1, ::first-line): layout sets the
   * first line from it and the others from `children` (boxes/first-line.ts).
   */
  readonly firstLine?: InlineFlowBox | undefined;
  /**
   * A `firstLine` copy's: the ::first-line style, that of the inline box the pseudo-element makes
   * around the line's content (CSS Pseudo 4 §2.3.2) — the line's root inline box, whose font and
   * line-height make its strut, as Chromium sizes a first line in its first-line style.
   */
  readonly lineStyle?: ComputedStyle | undefined;
  /**
   * An anonymous block's: the style of the block container element whose lines it holds, set where
   * it matters — that element clips them (its `text-overflow` applies to them, CSS Overflow 3 §5.1;
   * as Chromium, not in flex or grid containers) or has a `height` (percentages that would refer
   * to the anonymous block refer to it, CSS2 §9.2.1.1). A table cell laid out with an auto height
   * keeps its own style here (layout/table/plan.ts).
   */
  readonly containerStyle?: ComputedStyle | undefined;
}

/** A block container (block, inline-block, list-item, flow-root, table cell and caption contents). */
export type BlockBox = BlockFlowBox | InlineFlowBox;

/** A flex or grid container (CSS Flexbox 1 §4, CSS Grid 1 §6): its children are blockified items. */
export interface FlexBox extends BoxBase {
  readonly kind: 'flex' | 'grid';
  readonly outer: OuterDisplay;
  readonly children: readonly BlockLevelBox[];
}

export interface InlineBox extends BoxBase {
  readonly kind: 'inline';
  readonly children: readonly InlineLevelBox[];
  /** A `leader()` (CSS GCPM 3 §4): its one copy of the pattern is repeated to fill the rest of its line. */
  readonly leader?: true;
  /** `<wbr>` (HTML §4.5.29): empty, a line break opportunity where it stands, and no character in the text. */
  readonly breakOpportunity?: true;
}

/** A run of text after white-space processing; its style is the parent's. */
export interface TextBox extends BoxBase {
  readonly kind: 'text';
  readonly text: string;
  /** A ::marker's `list-style-type` symbol: drawn as a shape, not as the text's glyphs (layout/inline/symbol-marker.ts). */
  readonly listSymbol?: ListSymbol | undefined;
  /**
   * A `counter(page)`, `counter(pages)` (or `counters()`) or a `string()` of generated content:
   * printed as in the flow (0, the empty string), and with the page's value where a running
   * element shows it in a margin box (CSS GCPM 3 §1.3).
   */
  readonly pageCounter?: PageCounterItem | undefined;
}

/** A `counter()` or `counters()` of the `page` or `pages` counter, or a `string()`. */
export type PageCounterItem = Extract<ContentItem, { kind: 'counter' | 'counters' | 'named-string' }>;

/** The `list-style-type` symbols a marker draws as shapes, as browsers do (CSS Lists 3 §3.1), and where the marker stands. */
export interface ListSymbol {
  readonly type: ListSymbolType;
  readonly position: 'inside' | 'outside';
}

export type ListSymbolType = 'disc' | 'circle' | 'square' | 'disclosure-open' | 'disclosure-closed';

/** `<br>`: a forced line break. */
export interface LineBreakBox extends BoxBase {
  readonly kind: 'br';
}

/** Replaced content (`<img>`, `content: url()`): sized from the image's intrinsic size. */
export interface ReplacedBox extends BoxBase {
  readonly kind: 'replaced';
  readonly outer: OuterDisplay;
  /** Absolute URL of the image (key into LoadedResources.images). */
  readonly src: string;
  readonly alt: string;
  /** Image pixels per CSS px of a `srcset` candidate other than 1x (boxes/srcset.ts): the natural size is divided by it. */
  readonly density?: number;
  /**
   * A drawn form control (a checkbox or radio: an image here, not replaced in a browser): its
   * natural size has no ratio, so a width or a stretch leaves its height (Chromium: a checkbox at
   * `width: 20px` is 20 × 13, its mark centred); an `aspect-ratio` of its own still holds.
   */
  readonly noNaturalRatio?: true;
  /**
   * An inline `<svg>`'s `<foreignObject>`s, numbered as its drawing names them (boxes/foreign-object.ts):
   * each a block laid out at its own size in the SVG's user units and drawn where the SVG puts it.
   */
  readonly foreignObjects?: readonly (ForeignObjectBox | undefined)[];
}

/** The HTML of one `<foreignObject>`: a block box of the element's size (SVG user units), a formatting context of its own. */
export interface ForeignObjectBox {
  readonly box: BlockBox;
  readonly width: number;
  readonly height: number;
}

/**
 * The table wrapper box (CSS2 §17.4): the table grid box and its captions, in the order they
 * stack (`caption-side`). Table boxes are built by the table fix-up (CSS2 §17.2.1).
 */
export interface TableWrapperBox extends BoxBase {
  readonly kind: 'table-wrapper';
  readonly outer: OuterDisplay;
  readonly table: TableBox;
  readonly captions: readonly BlockBox[];
}

/** The table grid box: columns and row groups (header, body, footer in document order). */
export interface TableBox extends BoxBase {
  readonly kind: 'table';
  readonly columnGroups: readonly TableColumnGroupBox[];
  readonly rowGroups: readonly TableRowGroupBox[];
}

export interface TableColumnGroupBox extends BoxBase {
  readonly kind: 'table-column-group';
  readonly span: number;
  readonly columns: readonly TableColumnBox[];
}

export interface TableColumnBox extends BoxBase {
  readonly kind: 'table-column';
  readonly span: number;
}

export interface TableRowGroupBox extends BoxBase {
  readonly kind: 'table-row-group';
  /** `display: table-header-group` / `table-footer-group` repeat on every page. */
  readonly role: 'header' | 'body' | 'footer';
  readonly rows: readonly TableRowBox[];
}

export interface TableRowBox extends BoxBase {
  readonly kind: 'table-row';
  readonly cells: readonly TableCellBox[];
}

/** A table cell: a block container spanning columns and rows (HTML `colspan`, `rowspan`; 0 spans to the end). */
export interface TableCellBox extends BoxBase {
  readonly kind: 'table-cell';
  readonly colSpan: number;
  readonly rowSpan: number;
  readonly content: BlockBox;
}

/**
 * An out-of-flow box's placeholder (CSS2 §9.3): it stays where the box would have been in flow —
 * that is its static position — while the box itself is laid out by its float or positioning scheme.
 */
export interface OutOfFlowBox extends BoxBase {
  readonly kind: 'out-of-flow';
  /**
   * `running`: a running element (CSS GCPM 3 §1.2), shown by the page-margin boxes of the page it
   * falls on; `footnote`: a footnote body (§2), placed in the footnote area of the page its call is on.
   */
  readonly scheme: 'float' | 'absolute' | 'fixed' | 'running' | 'footnote';
  /** The box, blockified (CSS Display 3 §2.7). */
  readonly box: BlockLevelBox;
}

/** A box that takes part in block flow. */
/**
 * A MathML element laid out by the math formatting context (MathML Core §3; layout/math/): the
 * `<math>` root, inline or block-level as its display says, and every element inside it. Token
 * elements (`mi`, `mn`, `mo`, `mtext`, `ms`) hold their text as a block container (`content`); the
 * others hold math children, and tables (`mtable`) as table boxes.
 */
export interface MathBox extends BoxBase {
  readonly kind: 'math';
  readonly outer: OuterDisplay;
  readonly layout: MathLayout;
  /** In-flow children: math boxes, and other boxes (an `mtable`'s table) laid out as a whole. */
  readonly children: readonly LayoutBox[];
  /** A token's text (`mi`, `mn`, `mo`, `mtext`, `ms`), laid out as a block container. */
  readonly content?: BlockBox | undefined;
  /** An `mo`'s text, which the operator dictionary is looked up by (layout/math/operators.ts). */
  readonly operator?: string | undefined;
  /**
   * An `mi`'s letter as written when it is drawn in mathematical italic: Chromium sizes the token
   * by the ink of the characters written, in the token's font (an `x` of Liberation Serif, 46px
   * tall at 100px), not by the italic letter drawn from a math font (52px).
   */
  readonly writtenText?: string | undefined;
  /** A radical's sign (msqrt, mroot): a token of U+221A. */
  readonly radicalSign?: MathBox | undefined;
  /** A fraction's bar or a radical's overbar: an empty block filled with the text colour. */
  readonly rule?: BlockBox | undefined;
}

export type MathLayout =
  | 'row' | 'phantom' | 'padded' | 'token' | 'space' | 'fraction' | 'sqrt' | 'root' | 'sub' | 'sup' | 'subsup' | 'under' | 'over' | 'underover'
  | 'multiscripts';

export type BlockLevelBox = BlockBox | ReplacedBox | FlexBox | TableWrapperBox | MathBox | OutOfFlowBox;

/** A box that takes part in an inline formatting context (atomic inlines have outer `inline`). */
export type InlineLevelBox = InlineBox | TextBox | LineBreakBox | BlockBox | ReplacedBox | FlexBox | TableWrapperBox | MathBox | OutOfFlowBox;

export type Box =
  | BlockBox | InlineBox | TextBox | LineBreakBox | ReplacedBox | FlexBox | TableWrapperBox | MathBox | TableBox
  | TableColumnGroupBox | TableColumnBox | TableRowGroupBox | TableRowBox | TableCellBox | OutOfFlowBox;

/** A box laid out as one unit in a formatting context: what `layout/driver/dispatch.ts` switches on. */
export type LayoutBox = BlockBox | ReplacedBox | FlexBox | TableWrapperBox | MathBox;

/** The root of the box tree: the principal box of `<html>`. */
export interface BoxTree {
  readonly root: BlockBox;
  /** Ids, counters and named strings of elements, for paged media (references.ts). */
  readonly records?: DocumentRecords;
  /** The file:line:column of an element's start tag, for warnings of later stages (layout). */
  readonly locate?: (element: BoxElement) => SourceLocation;
  /** The document's mode (its doctype; dom/document-mode.ts); no-quirks when absent. */
  readonly mode?: DocumentMode;
  /**
   * The size containers' elements (`container-type`), when some style read their sizes: a layout
   * pass measures their boxes for the next cascade (container-passes.ts).
   */
  readonly containers?: ReadonlyMap<BoxElement, DomElement>;
  /**
   * The tables inside a table cell, at any depth: their percentage columns do not widen their
   * max-content width (layout/table/columns.ts, as Blink's tables in cells do not).
   */
  readonly tablesInCells?: WeakSet<TableBox>;
  /**
   * Whether a form control was sized with estimated metrics (its font not known before it loads):
   * the render builds the tree again with the loaded fonts' (render.ts).
   */
  readonly estimatedFieldFonts?: boolean;
}

/** Not frozen: for-of over a frozen array takes V8's slow iteration, and walks visit every box. */
export const NO_CHILDREN: readonly Box[] = [];

/**
 * The boxes directly inside a box, whatever its kind (for walks that visit the whole tree). The
 * kinds whose children are one array answer here; the few that compose a new list (a block with a
 * marker, a table, its wrapper, a cell, an out-of-flow box) are built out of line: every tree walk
 * inlines this function, and the array spreads made each walk's compiled code several KB larger.
 */
export function childBoxes(box: Box): readonly Box[] {
  switch (box.kind) {
    case 'block': if (box.marker === undefined) return box.children; break;
    case 'inline': case 'flex': case 'grid': return box.children;
    case 'math': return mathChildBoxes(box);
    case 'table-column-group': return box.columns;
    case 'table-row-group': return box.rows;
    case 'table-row': return box.cells;
    case 'text': case 'br': case 'replaced': case 'table-column': return NO_CHILDREN;
  }
  return composedChildBoxes(box);
}

/** A math box's children with its token text and radical sign (walks see every box). */
function mathChildBoxes(box: MathBox): readonly Box[] {
  if (box.content !== undefined) return [box.content];
  return box.radicalSign === undefined ? box.children : [box.radicalSign, ...box.children];
}

/** childBoxes of the kinds whose children are not one array: a new list each call. */
function composedChildBoxes(box: Extract<Box, { readonly kind: 'block' | 'out-of-flow' | 'table-wrapper' | 'table' | 'table-cell' }>): readonly Box[] {
  switch (box.kind) {
    case 'block': return box.marker === undefined ? box.children : [...box.children, box.marker];
    case 'out-of-flow': return [box.box];
    case 'table-wrapper': return [...box.captions, box.table];
    case 'table': return [...box.columnGroups, ...box.rowGroups];
    case 'table-cell': return [box.content];
  }
}

/**
 * Whether `test` answers true for a box of the tree under `root` (`root` included): the boxes in
 * tree order (each before its children), without recursion — a deep document must not overflow
 * the call stack —, and without the one-box list childBoxes makes for a table cell or an
 * out-of-flow box; the blocks of an inline SVG's `<foreignObject>`s are walked after their
 * drawing's box. Every walk over a whole box tree goes through this one loop (with `state`
 * instead of a closure made per walk): one function for V8 to compile instead of one per walk,
 * each of them reaching V8's threshold in a different render.
 */
export function someBox<S>(root: Box, test: (box: Box, state: S) => boolean, state: S): boolean {
  const stack: Box[] = [root];
  for (let box = stack.pop(); box !== undefined; box = stack.pop()) {
    if (test(box, state)) return true;
    if (box.kind === 'table-cell') stack.push(box.content);
    else if (box.kind === 'out-of-flow') stack.push(box.box);
    else if (box.kind === 'replaced') {
      // an inline <svg>'s foreignObject blocks: their images, fonts and boxes are the page's
      const objects = box.foreignObjects;
      if (objects !== undefined) for (let i = objects.length - 1; i >= 0; i--) if (objects[i] !== undefined) stack.push(objects[i]!.box);
    } else {
      const children = childBoxes(box);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  return false;
}

/** What a part of the box builder makes its anonymous boxes with (form controls, ruby pairs): build.ts gives it. */
export interface AnonymousBoxBuild {
  readonly anonymousStyle: (parent: ComputedStyle, display: Display) => ComputedStyle;
  /** A block container with the anonymous-box fix-up and white space processing of build.ts. */
  readonly block: (style: ComputedStyle, children: readonly Box[], outer: 'block' | 'inline', source: BoxElement | undefined) => BlockBox;
}

/** The face a form control's font asks for: its `size`, `cols` and `rows` count in its characters and lines. */
export type FieldFont = Pick<ComputedStyle, 'fontSize' | 'fontFamily' | 'fontWeight' | 'fontStyle' | 'fontStretch'>;

/** What form controls are built with: anonymous boxes, and their font's metrics (the loaded font's once known). */
export interface FormBuild extends AnonymousBoxBuild {
  readonly fieldRatios: (font: FieldFont) => FontRelativeRatios;
}
