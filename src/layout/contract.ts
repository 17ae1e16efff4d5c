/**
 * The contract every formatting context implements (docs/design.md §2, principle 4; Taffy's
 * `LayoutInput`/`LayoutOutput` in our records). One call lays a box out or measures it:
 * `layoutBox(box, input, ctx, resume)`, with `input.mode` saying which. It goes through the
 * formatting-context table that the context carries (`ctx.dispatch`, made in dispatch.ts), so a
 * formatting context lays out and measures its children without importing any other.
 *
 * Frames: a result's fragment is placed in the caller's frame (the `x`/`y` of the input are in
 * it), and its descendants are relative to it (see types.ts), so a parent moves a laid-out
 * subtree by changing one offset.
 */
import type { BlockBox, BoxElement, InlineFlowBox, LayoutBox, OutOfFlowBox, TableBox } from '../boxes/types.js';
import type { DocumentMode } from '../dom/document-mode.js';
import type { SourceLocation } from '../errors.js';
import type { ComputedStyle, LegacyAlign, PageContext, PageStyle } from '../css/types.js';
import type { CounterStyleSet } from '../css/types.js';
import type { Diagnostics } from '../diagnostics.js';
import type { LoadedImage } from '../resources/types.js';
import type { TextSystem } from '../text/types.js';
import type { BoxFragment } from './types.js';
import type { MarginStrut } from './margins.js';
import type { ExclusionSpace } from './exclusions.js';
import { withBorderBoxHeight, withMinimumBorderBoxHeight, withStretchedHeightLimits } from './box-model.js';
import type { PageContent, PendingPositioned } from './escaping.js';

export type { Escaping, PageContent, PendingPositioned } from './escaping.js';

/** Min-content and max-content inline sizes of a box's content (CSS Sizing 3 §5.1). */
export interface IntrinsicSizes {
  readonly minContent: number;
  readonly maxContent: number;
}

/**
 * Where inline content resumes, as the rest of layout sees it: the inline formatting context's
 * own position (inline/resume.ts `InlineResume`, a piece index and the rest of a piece cut
 * there), which only it reads back.
 */
export interface InlinePosition {
  readonly index: number;
  readonly tail: object | undefined;
}

/** Room on one axis (CSS Sizing 3 §2.1): a definite size, or an intrinsic sizing constraint. */
export type AvailableSize = number | 'min-content' | 'max-content';

/** The page area (or column) the box is laid out into; absent when nothing fragments. */
export interface Fragmentainer {
  /** Where the fragmentainer ends, in the input's frame. */
  readonly bottom: number;
  /** Nothing has been placed in it yet: the box must make progress even if it overflows. */
  readonly atTop: boolean;
  /** Margins adjoining its top are truncated (after an unforced break, CSS Fragmentation 3 §5.2). */
  readonly discardTopMargins: boolean;
  /** A column of a multi-column container: `break-*: column` and `avoid-column` apply (CSS Multi-column 1 §6). */
  readonly column?: boolean | undefined;
  /**
   * Where content may end, by where it starts (footnote calls, CSS GCPM 3 §2.5): a line, or a
   * block-level box, starting at or below a step's `y` ends above that step's `bottom`; content
   * above the first step above the first `bottom`. Set on pages with footnotes, whose `bottom`
   * leaves room for all of them.
   */
  readonly limits?: readonly BottomLimit[] | undefined;
  /** A box broken in it ends with its content, not at its end (the footnote area, as tall as its notes). */
  readonly endsWithContent?: true;
  /**
   * Every break before the box on this page is to be avoided (`break-after: avoid` headings from
   * the page top down to it): moving it to the next page gains nothing (block/flow.ts).
   */
  readonly avoidedToTop?: true | undefined;
}

export interface BottomLimit {
  readonly y: number;
  readonly bottom: number;
}

/**
 * Whether a box broken inside this fragmentainer extends to its end, as Chromium 156 prints a
 * block, flex or grid container broken across pages (its background and side borders reach the
 * page bottom). Not in a column: balancing measures the content, so a row of columns stretches
 * its broken boxes once its height is settled (multicol/column-row.ts withBrokenBoxesToColumnEnd).
 * Not on a page with footnotes (the note area sits below the content) nor in the note area (as
 * tall as its notes, as in WeasyPrint).
 */
export function extendsToEnd(page: Fragmentainer | undefined): page is Fragmentainer {
  // a cell resumed with no page end (its rest laid out whole, table/rows.ts) has no end to extend to
  if (page === undefined || page.column === true || page.endsWithContent === true || page.bottom === Infinity) return false;
  return page.limits === undefined || page.limits.length === 0;
}

/** The bottom content starting at `top` must end above (`limits`, else the fragmentainer's bottom). */
export function bottomAt(page: Fragmentainer, top: number): number {
  const limits = page.limits;
  if (limits === undefined || limits.length === 0) return page.bottom;
  let bottom = limits[0]!.bottom;
  for (const limit of limits) if (top >= limit.y - 0.01) bottom = limit.bottom;
  return bottom;
}

/**
 * The fragmentainer of a block-level box starting at `top`: it ends above the notes of the
 * footnote calls before it (`limits`), and the content inside it narrows that further as it
 * passes more calls.
 */
export function fragmentainerAt(page: Fragmentainer, top: number): Fragmentainer {
  if (page.limits === undefined || page.limits.length === 0) return page;
  return { ...page, bottom: bottomAt(page, top) };
}

export interface LayoutInput {
  /** 'layout' is the real run; 'measure' only wants sizes and baselines (nothing fragments, nothing escapes). */
  readonly mode: 'layout' | 'measure';
  /**
   * The inline size available: the containing block's width, or min-content / max-content to
   * ask for the box's intrinsic width (the result's width is then that size, min/max-width applied).
   */
  readonly available: AvailableSize;
  /** The containing block, for percentages (CSS2 §10.1); a height is undefined when indefinite. */
  readonly containingWidth: number;
  readonly containingHeight: number | undefined;
  /** The containing block's direction: it settles over-constrained margins and insets (CSS2 §10.3.3, §9.4.3); default the box's own. */
  readonly containingDirection?: 'ltr' | 'rtl' | undefined;
  /** The containing block's legacy alignment of block-level children (`text-align: -webkit-*`, HTML §15.3.3). */
  readonly containingAlign?: LegacyAlign | undefined;
  /** Border-box sizes decided from outside: a shrink-to-fit width, a stretched cell, a flex item's main size. */
  readonly fixedWidth?: number | undefined;
  readonly fixedHeight?: number | undefined;
  /** The fixed height is no definite size for the percentages inside (a flexed item of a container of indefinite height, CSS Flexbox 1 §9.8). */
  readonly fixedHeightIndefinite?: boolean | undefined;
  /**
   * Run mode: lay the box out as a formatting context root whatever its style says (a flex item
   * establishes one for its contents, CSS Flexbox 1 §4): its children's margins and floats stay
   * inside. A field of the run, not a copy of the box, so caches keyed by the box hold.
   */
  readonly formattingContextRoot?: boolean | undefined;
  /**
   * Run mode: size the box as if its `height`, `min-height` and `max-height` were auto (the
   * content size of a flex item, CSS Flexbox 1 §4.5, §9.2 step 3 E). The formatting contexts read
   * the box's block size through `sizingStyle`, so the box keeps its identity for the caches.
   * `'without-ratio'`: its `aspect-ratio` counts as auto too, so that percentage heights inside
   * do not resolve against the height it gives (the min-content height of a column flex item,
   * the content size suggestion of §4.5).
   */
  readonly autoHeight?: boolean | 'without-ratio' | undefined;
  /**
   * Run mode: a flex item stretched to its line (or a column item flexed from its content) and
   * broken across pages is at least this tall (its border box) and grows with its content, which
   * breaking may lengthen — Chromium's minimum block size that encompasses the content. Like a
   * `min-height`, it carries over the pages, so an item that ends before the break still reaches
   * the page end and goes on to its line's end.
   */
  readonly stretchedHeight?: number | undefined;
  /**
   * Run mode: a column flex item broken across pages has its flexed main size as its border-box
   * `height`. Like any definite height it spans its fragments (CSS Fragmentation 3 §4.4), its
   * content breaking inside it and overflowing it, as Chromium prints it.
   */
  readonly flexedHeight?: number | undefined;
  /**
   * Run mode: pass the absolutely positioned descendants up unplaced even when the box is their
   * containing block. The caller places them (positioned.ts `placePositionedDescendants`) once the
   * box has its final size: a table cell is stretched to its row, its content aligned, afterwards.
   */
  readonly positionedPlacedByCaller?: boolean | undefined;
  /** Where the box's margin box starts (x: containing block's content edge; y: the flow position before `strut`). */
  readonly x: number;
  readonly y: number;
  /** Adjoining margins above the box, not resolved yet (CSS2 §8.3.1). */
  readonly strut: MarginStrut;
  readonly fragmentainer: Fragmentainer | undefined;
  /** Floats of the enclosing block formatting context, in the input's frame (CSS2 §9.5). */
  readonly exclusions: ExclusionSpace;
  /**
   * The ascent an outside list marker asks of the first line, when that line is in this box: a
   * line whose baseline is nearer its top goes down so the marker's line fits above the baseline
   * (as Chromium; block/marker.ts).
   */
  readonly markerAscent?: number | undefined;
}

/**
 * The style the box's own size is read from in this run: its own (a `stretch` min-/max-height
 * resolved), with its heights auto (`autoHeight`), its stretched height as its minimum (`stretchedHeight`),
 * or its flexed height as its height (`flexedHeight`).
 */
export function sizingStyle(box: LayoutBox, input: Pick<LayoutInput, 'autoHeight' | 'stretchedHeight' | 'flexedHeight'> & Partial<Pick<LayoutInput, 'containingWidth' | 'containingHeight'>>): ComputedStyle {
  const style = box.style;
  if (input.autoHeight === true) return { ...style, height: 'auto', minHeight: 'auto', maxHeight: 'none' };
  if (input.autoHeight === 'without-ratio') return { ...style, height: 'auto', minHeight: 'auto', maxHeight: 'none', aspectRatio: 'auto' };
  if (input.stretchedHeight !== undefined) return withMinimumBorderBoxHeight(style, input.stretchedHeight, input.containingWidth ?? 0);
  if (input.flexedHeight !== undefined) return withBorderBoxHeight(style, input.flexedHeight, input.containingWidth ?? 0);
  return withStretchedHeightLimits(style, input.containingHeight, input.containingWidth ?? 0);
}

/** A forced break keeps its kind so that pagination can add a blank page for `left`/`right` (CSS Fragmentation 3 §3.1). */
export type ForcedBreak = 'page' | 'left' | 'right' | 'recto' | 'verso' | 'column';

/**
 * Where to resume a box in the next fragmentainer (CSS Fragmentation 3 §4). Parallel flows
 * (§4.3): a float split at the page end continues at the top of the next page, before the
 * in-flow content that resumes beside it, so one token may carry several resuming children —
 * floats and in-flow boxes alike — and a box whose own content is complete may still continue
 * for its floats (`atBlockEnd`: its siblings were laid out after it, it takes no more room).
 */
export type BreakToken =
  | {
      readonly kind: 'block';
      readonly box: LayoutBox;
      /** Children that resume inside, by index in order (floats and in-flow children alike). */
      readonly children: readonly { readonly index: number; readonly token: BreakToken }[];
      /** The first child not started yet. */
      readonly next: number;
      /** The break was forced, and by what. */
      readonly forced?: ForcedBreak | undefined;
      /** The box's in-flow content is complete: only floats inside it continue. */
      readonly atBlockEnd?: boolean | undefined;
      /**
       * The content height the box's earlier fragments took, for a `height` or `min-height` that
       * spans fragments (CSS Fragmentation 3 §4.4). A box of inline content resumes with a block
       * token only when its content is done and its height continues.
       */
      readonly consumed?: number | undefined;
      /** Grid items whose content is done but whose stretched box goes on over the rows they span (grid/page-items.ts), by index. */
      readonly stretching?: readonly number[] | undefined;
      /** A grid whose row was cut by the page end: where, in the content box of the grid laid out whole. */
      readonly cutAt?: number | undefined;
      /** Items of a flex row that broke before themselves alone (flex/push-item.ts), by index: they start afresh on the next page. */
      readonly brokeBefore?: readonly number[] | undefined;
    }
  | {
      readonly kind: 'inline';
      readonly box: BlockBox;
      readonly at: InlinePosition;
      /** Floats standing in the content that continue on the next page (placed there first). */
      readonly floats?: readonly FloatResume[] | undefined;
      readonly atBlockEnd?: boolean | undefined;
      readonly consumed?: number | undefined;
      /**
       * It broke between lines against `orphans` or `widows`: at the top of its fragmentainer no
       * break honoured them. Column balancing takes taller columns then (multicol/balance.ts), as Chromium does.
       */
      readonly violating?: true | undefined;
      /**
       * It broke a paragraph too short to honour both `orphans` and `widows` after its orphans,
       * fewer than `widows` lines going on (block/lines.ts): a table row moves to the next page
       * rather than break so (table/paginate.ts).
       */
      readonly widowed?: true | undefined;
    };

/** A float split by the page end, and where it resumes (undefined: nothing of it fitted, it starts on the next page). */
export interface FloatResume {
  readonly placeholder: OutOfFlowBox;
  readonly token: BreakToken | undefined;
}

export interface Baselines {
  /** Alphabetic baselines of the first and last line boxes, from the border-box top (CSS Inline 3 §4.1). */
  readonly first: number | undefined;
  readonly last: number | undefined;
  /**
   * The last baseline as an inline-block takes it from its block children (Blink's inline-block
   * baseline): as `last`, except that a scroll container child's is its bottom margin edge,
   * whatever it holds (block/flow.ts). Absent: `last`.
   */
  readonly inlineBlockLast?: number | undefined;
}

export interface LayoutOutput {
  readonly kind: 'placed';
  /** The border box at its position in the input's frame. */
  readonly fragment: BoxFragment;
  /** y after the border box (the flow position if margins collapse no further). */
  readonly endY: number;
  /** Margins pending below the box. */
  readonly strut: MarginStrut;
  /** The box's top resolved the incoming strut at this y; undefined if it collapsed through. */
  readonly resolvedAt: number | undefined;
  readonly baselines: Baselines;
  readonly breakToken: BreakToken | undefined;
  /** The box asks for a break after it (`break-after`), and which. */
  readonly forcedBreakAfter: ForcedBreak | undefined;
  /** Floats of the enclosing formatting context after this box (for its next siblings). */
  readonly exclusions: ExclusionSpace;
  /** Absolutely positioned descendants whose containing block is an ancestor of this box. */
  readonly positioned: readonly PendingPositioned[];
  readonly pageContent: readonly PageContent[];
}

/** Nothing of the box fits in this fragmentainer: break before it. */
export interface Pushed {
  readonly kind: 'pushed';
}

export type LayoutResult = LayoutOutput | Pushed;

export interface LayoutServices {
  readonly text: TextSystem;
  readonly images: ReadonlyMap<string, LoadedImage>;
  readonly diagnostics: Diagnostics;
  /** The computed page box for a page (css stage, `@page` rules). */
  readonly pageStyle: (page: PageContext) => PageStyle;
  /**
   * The computed style of a page-margin box (`top-center`...) of a page, undefined when it is not
   * generated (css stage, `@page` margin-box rules; CSS Paged Media 3 §5). Without it, pages
   * have no margin boxes.
   */
  readonly marginBoxStyle?: (page: PageContext, box: string) => ComputedStyle | undefined;
  /** The document's counter styles, for the counters margin boxes print (the predefined ones when absent). */
  readonly counterStyles?: CounterStyleSet;
  readonly maxPages: number;
  /** Content wider than the page area is scaled down to fit (RenderOptions.shrinkToFit); default: `@page`'s `-octavo-shrink-to-fit`. */
  readonly shrinkToFit?: boolean;
  /** Throws OctavoError('limit_exceeded') once the render's time budget (limits.maxRenderMs) is spent. */
  readonly checkBudget?: () => void;
}

/**
 * A cache of one render, owned by the module that keys it: the key is a constant of that module
 * (it holds nothing), the cache itself is made per context on first use (`ctx.caches.of(key)`).
 */
export interface CacheKey<T> {
  readonly name: string;
  readonly create: () => T;
}

export function cacheKey<T>(name: string, create: () => T): CacheKey<T> {
  return { name, create };
}

/** The memoised results of one render, by owner (CacheKey); two renders never share one. */
export interface LayoutCaches {
  /** The render's cache of `key`, made on first use. */
  readonly of: <T>(key: CacheKey<T>) => T;
  /** Measured inline content (block/inline-env.ts), named: the document drops a page's entries once its boxes end there. */
  readonly inline: { readonly delete: (box: InlineFlowBox) => boolean };
}

/**
 * The formatting-context table as the context carries it (dispatch.ts): how any box is laid out
 * or measured (`layoutBox`), and its content's intrinsic sizes by the formatting context it
 * establishes (`contentSizes`; `keep: false` when the caller keeps the numbers itself;
 * `containingHeight`: the box's content height when known before its width — a flex item
 * stretched to a definite line, a grid item stretched in rows of fixed size — that the
 * percentage heights of its lines' images are of, and that an image's own width follows).
 */
export interface Dispatch {
  readonly layoutBox: (box: LayoutBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined) => LayoutResult;
  readonly contentSizes: (box: LayoutBox, ctx: LayoutContext, keep: boolean, containingHeight?: number) => IntrinsicSizes;
}

/**
 * What every layout algorithm may use: read-only services (fonts, images, diagnostics, page
 * styles), the formatting-context table, and the caches of one render. Caches live here, not in
 * modules, so that two renders never share state and a second layout pass (table of contents page
 * numbers, column balancing) starts from what it needs.
 */
/** The start and end page values of a box ('' is the unnamed page; page/page-names.ts). */
export interface PageSpan {
  readonly start: string;
  readonly end: string;
}

export type PageNames = WeakMap<object, PageSpan>;

export interface LayoutContext extends LayoutServices {
  readonly dispatch: Dispatch;
  readonly caches: LayoutCaches;
  /** Page values of the boxes when the document names pages (page/page-names.ts). */
  readonly pageNames?: PageNames | undefined;
  /** The file:line:column of an element's start tag, for warnings (BoxTree.locate). */
  readonly locate?: ((element: BoxElement) => SourceLocation) | undefined;
  /** The document's mode (its doctype): quirks mode's layout rules are in quirks.ts. */
  readonly documentMode: DocumentMode;
  /** The tables inside a table cell (BoxTree.tablesInCells). */
  readonly tablesInCells: WeakSet<TableBox> | undefined;
}

/**
 * One formatting context (CSS Display 3 §2): how a box establishing it is laid out (or measured,
 * `input.mode`) at a definite available width, and its content box's min-/max-content widths
 * (CSS Sizing 3 §5; `keep: false` when the caller keeps the numbers, so nothing is cached).
 * dispatch.ts holds one entry per formatting context and is the one place that chooses it.
 */
export interface FormattingContext<B extends LayoutBox> {
  readonly layout: (box: B, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined) => LayoutResult;
  readonly intrinsicSizes: (box: B, ctx: LayoutContext, keep: boolean, containingHeight?: number) => IntrinsicSizes;
}

/** Lays out or measures any box, through the context's formatting-context table (dispatch.ts). */
export function layoutBox(box: LayoutBox, input: LayoutInput, ctx: LayoutContext, resume?: BreakToken): LayoutResult {
  return ctx.dispatch.layoutBox(box, input, ctx, resume);
}
