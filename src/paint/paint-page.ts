/**
 * The paint stage (docs/design.md §2): laid-out pages in, one display list per page out, a page at a
 * time as layout yields them (createPagePainter). Per page
 * (CSS Paged Media 3 §3.3, CSS2 Appendix E): the page box's background over the whole page and
 * its border, the canvas background (root or body, CSS Backgrounds 3 §2.11.2) over the page
 * box's padding box, the document flow as the root stacking context, then the margin boxes;
 * links and bookmarks last, in tree order. With `tagged`, text and images are wrapped in
 * begin-tag items naming their element, and margin boxes (running headers, page numbers) are
 * Pagination artifacts (ISO 32000-1 §14.8.2.2).
 */
import type { Rect, Sides } from '../geometry/types.js';
import type { PageLayout } from '../layout/types.js';
import { collectAnnotations } from './annotations.js';
import type { ImageLookup } from './background.js';
import { canvasBackground, fragmentArea, paintBackground, paintBackgroundColor, rootFragment } from './background.js';
import { systemColor } from '../css/values/color.js';
import { paintBorder } from './border.js';
import type { DisplayItem, PaintedPart } from './display-list.js';
import type { LaidOut } from '../layout/driver/document.js';
import { NO_RADII, borderRadii, insetRadii } from '../css/values/radii.js';
import type { LoadedImage } from '../resources/types.js';
import type { TextSystem } from '../text/types.js';
import type { SvgContext } from './svg-render.js';
import type { Box, BoxElement } from '../boxes/types.js';
import type { LengthPercentage } from '../css/types.js';
import { resolveLength } from '../css/values/length.js';
import { isolatedIfBlending, paintFragments, paintStackingContext } from './stacking.js';
import { printerMarks } from './printer-marks.js';
import type { PaintOptions } from './stacking.js';
import type { WholeBoxes } from './whole-boxes.js';
import { borderBoxAt, paintedBorderBox } from './placed.js';
import { withPaintBudget } from './work-budget.js';
import { appendAll } from '../append-all.js';

export interface PaintDocumentOptions {
  /** Emit the marked-content items a tagged PDF needs (default false). */
  readonly tagged?: boolean;
  /** Loaded images by URL, for background images. */
  readonly images?: ReadonlyMap<string, LoadedImage>;
  /** The render's fonts, for text inside SVG images. */
  readonly text?: TextSystem;
  /** Throws when the render's time is spent: called between costly steps of a page (work-budget.ts). */
  readonly checkBudget?: () => void;
  /** Says what is painted other than the style asks (an SVG filter left out): handed to the painters with the SVG context. */
  readonly warn?: (message: string, at?: BoxElement) => void;
  /** The whole boxes sliced fragments are cut from, known before their pages are painted (whole-boxes.ts). */
  readonly wholes?: WholeBoxes;
}

/**
 * Paints what layout yields, one item at a time (render.ts): a page — the page box, its flow and,
 * when they are on it, its margin boxes — or the margin boxes of a page painted earlier. The one
 * state kept between items is the canvas's box of each page whose margin boxes are still to come
 * (its background is painted by the canvas, not again in a margin box).
 */
export function createPagePainter(paint: PaintDocumentOptions = {}): (laid: LaidOut) => PaintedPart {
  const painter = new PagePainter(paint);
  // a bound method, not a closure made per render: V8 keeps a closure's optimised code only while
  // a closure of it lives, so a fresh closure per render was compiled again after each full GC
  return painter.paint.bind(painter);
}

class PagePainter {
  private readonly canvases = new Map<number, Box | undefined>();

  constructor(private readonly options: PaintDocumentOptions) {}

  paint(laid: LaidOut): PaintedPart {
    return withPaintBudget(this.options.checkBudget, () => this.paintPart(laid));
  }

  private paintPart(laid: LaidOut): PaintedPart {
    const paint = this.options;
    if (laid.kind === 'whole') return { kind: 'whole' };
    const page = laid.page;
    if (laid.kind === 'margins') {
      const canvasSource = this.canvases.get(page.index);
      this.canvases.delete(page.index);
      return { kind: 'margins', index: page.index, items: marginBoxItems(page, canvasSource, paint), annotations: collectAnnotations(page.marginBoxes) };
    }
    const flow = paintFlow(page, paint);
    if (laid.marginsLater) this.canvases.set(page.index, flow.canvasSource);
    const items = [...pageBoxItems(page, paint), ...flow.items, ...marginBoxItems(page, flow.canvasSource, paint), ...printerMarks(page)];
    const annotations = [...flow.annotations, ...collectAnnotations(page.marginBoxes)];
    const { bleed, rotate } = page.pageStyle;
    return { kind: 'page', index: page.index, width: page.width, height: page.height, ...(bleed === undefined ? {} : { bleed }), ...(rotate === undefined ? {} : { rotate }), items, annotations, marginsLater: laid.marginsLater };
  }
}

/** What a page's flow paints: the canvas background and the flow, its links and bookmarks, and the canvas's box. */
interface PaintedFlow {
  readonly items: readonly DisplayItem[];
  readonly annotations: readonly DisplayItem[];
  readonly canvasSource: Box | undefined;
}

function inset(rect: Rect, by: Sides): Rect {
  return {
    x: rect.x + by.left,
    y: rect.y + by.top,
    width: Math.max(0, rect.width - by.left - by.right),
    height: Math.max(0, rect.height - by.top - by.bottom),
  };
}

function pageBoxItems(page: PageLayout, paint: PaintDocumentOptions): DisplayItem[] {
  return [...darkCanvas(page), ...paintPageBox(page, inset({ x: 0, y: 0, width: page.width, height: page.height }, page.margins), paint)];
}

/** The whole sheet: the page and its bleed area. */
function sheetRect(page: PageLayout): Rect {
  const bleed = page.pageStyle.bleed ?? 0;
  // 0 - bleed: no negative zero in the display list of a page without bleed
  return { x: 0 - bleed, y: 0 - bleed, width: page.width + 2 * bleed, height: page.height + 2 * bleed };
}

/**
 * The canvas is drawn in the root's colour scheme (CSS Color Adjust 1 §2.2): under `color-scheme:
 * dark` the sheet is the dark Canvas colour, as Chromium prints it; a light page stays unpainted.
 */
function darkCanvas(page: PageLayout): DisplayItem[] {
  if (rootFragment(page.children)?.style.colorScheme !== 'dark') return [];
  return paintBackgroundColor(systemColor('canvas', 'dark')!, sheetRect(page), NO_RADII);
}

/** The page box's border and padding widths. */
function pageBoxSides(style: PageLayout['pageStyle']['style'], pageBox: Rect): { border: Sides; padding: Sides } {
  const pad = (v: LengthPercentage): number => resolveLength(v, pageBox.width);
  return {
    border: { top: style.borderTopWidth, right: style.borderRightWidth, bottom: style.borderBottomWidth, left: style.borderLeftWidth },
    padding: { top: pad(style.paddingTop), right: pad(style.paddingRight), bottom: pad(style.paddingBottom), left: pad(style.paddingLeft) },
  };
}

/** The page area (the page box's content box): the initial containing block, where `fixed` backgrounds are positioned. */
function pageArea(page: PageLayout): Rect {
  const pageBox = inset({ x: 0, y: 0, width: page.width, height: page.height }, page.margins);
  const { border, padding } = pageBoxSides(page.pageStyle.style, pageBox);
  return inset(inset(pageBox, border), padding);
}

/** The margin boxes (CSS Paged Media 3 §5), Pagination artifacts in a tagged PDF. */
function marginBoxItems(page: PageLayout, canvasSource: Box | undefined, paint: PaintDocumentOptions): DisplayItem[] {
  const marginOptions: PaintOptions = { canvasSource, lookup: imageLookup(paint), svg: svgOptions(paint), fixedArea: pageArea(page) };
  const margins: DisplayItem[] = [];
  for (const fragment of page.marginBoxes) {
    appendAll(margins, fragment.kind === 'box' ? paintStackingContext(fragment, fragment.x, fragment.y, marginOptions) : paintFragments([fragment], marginOptions));
  }
  return paint.tagged === true && margins.length > 0 ? [{ kind: 'begin-artifact', type: 'Pagination' }, ...margins, { kind: 'end-marked' }] : margins;
}

function imageLookup(paint: PaintDocumentOptions): ImageLookup {
  const images = paint.images;
  return (url) => images?.get(url);
}

function svgOptions(paint: PaintDocumentOptions): SvgContext {
  return { text: paint.text, warn: paint.warn };
}

/**
 * The page box: its background over the whole page, margins and bleed area included (its images
 * placed in the page box), and its border; nothing when `visibility` hides it.
 */
function paintPageBox(page: PageLayout, pageBox: Rect, paint: PaintDocumentOptions): DisplayItem[] {
  const style = page.pageStyle.style;
  // a hidden page box draws nothing of its own, like any box (CSS2 §11.2); its margin boxes inherit that
  if (style.visibility !== 'visible') return [];
  const pageRect = sheetRect(page);
  const { border: borders, padding } = pageBoxSides(style, pageBox);
  const radii = borderRadii(style, pageBox);
  const area = { rect: pageBox, radii, border: borders, padding };
  return [
    ...paintBackground(style, area, { lookup: imageLookup(paint), svg: svgOptions(paint), clip: { rect: pageRect, radii: NO_RADII } }),
    ...paintBorder({ rect: pageBox, widths: borders, style, radii }),
  ];
}

/**
 * The page's flow: the canvas background (root or body, CSS Backgrounds 3 §2.11.2) over the page
 * box's padding box, then the root box and the boxes positioned in the initial containing block
 * as one stacking context (CSS2 Appendix E); its links and bookmarks apart, painted last.
 */
function paintFlow(page: PageLayout, paint: PaintDocumentOptions = {}): PaintedFlow {
  const style = page.pageStyle.style;
  const pageBox = inset({ x: 0, y: 0, width: page.width, height: page.height }, page.margins);
  const borders = pageBoxSides(style, pageBox).border;
  const radii = borderRadii(style, pageBox);
  const lookup = imageLookup(paint);
  const svg = svgOptions(paint);
  // the flow shrunk to fit was laid out on a larger page area: not this one (fixed layers then scroll)
  const fixedArea = page.flowTransform === undefined ? pageArea(page) : undefined;
  const items: DisplayItem[] = [];
  const canvas = canvasBackground(page.children);
  if (canvas !== undefined) {
    const { fragment: f, x, y } = canvas;
    const clip = { rect: inset(pageBox, borders), radii: insetRadii(radii, borders) };
    appendAll(items, paintBackground(f.style, fragmentArea(f, paintedBorderBox(f, x, y), borderRadii(f.style, borderBoxAt(f, x, y))), { lookup, svg, clip, fixedArea }));
  }
  const flow = isolatedIfBlending(paintFragments(page.children, { canvasSource: canvas?.source, tagged: paint.tagged === true, lookup, svg, fixedArea, wholes: paint.wholes }));
  const shrunk = page.flowTransform;
  if (shrunk === undefined) {
    appendAll(items, flow);
    return { items, annotations: collectAnnotations(page.children), canvasSource: canvas?.source };
  }
  // shrink to fit (layout/document.ts): the flow scaled down, its links and destinations with it
  items.push({ kind: 'push-transform', matrix: shrunk });
  appendAll(items, flow);
  items.push({ kind: 'pop-transform' });
  const annotations = collectAnnotations(page.children, shrunk);
  return { items, annotations, canvasSource: canvas?.source };
}
