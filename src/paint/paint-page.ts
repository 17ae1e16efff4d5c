/**
 * The paint stage (docs/design.md §2): laid-out pages in, one display list per page out. Per page
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
import { canvasBackground, fragmentArea, paintBackground } from './background.js';
import { paintBorder } from './border.js';
import type { DisplayItem, DocumentDisplayList, PageDisplayList } from './display-list.js';
import { NO_RADII, borderRadii, insetRadii } from './radii.js';
import type { LoadedImage } from '../resources/types.js';
import type { TextSystem } from '../text/types.js';
import type { Box } from '../boxes/types.js';
import type { LengthPercentage } from '../css/types.js';
import { resolveLength } from '../css/values/length.js';
import { paintFragments, paintStackingContext } from './stacking.js';
import type { PaintOptions } from './stacking.js';

export interface PaintDocumentOptions {
  /** Emit the marked-content items a tagged PDF needs (default false). */
  readonly tagged?: boolean;
  /** Loaded images by URL, for background images. */
  readonly images?: ReadonlyMap<string, LoadedImage>;
  /** The render's fonts, for text inside SVG images. */
  readonly text?: TextSystem;
}

export function paintDocument(pages: readonly PageLayout[], options: PaintDocumentOptions = {}): DocumentDisplayList {
  return { pages: pages.map((page) => paintPage(page, options)) };
}

/**
 * What a page's flow paints, kept once its fragments are dropped (render.ts paints each page as
 * soon as it is laid out): the canvas background and the flow, its links and bookmarks, and the
 * canvas's box (its background is not painted again by the box itself, nor in margin boxes).
 */
export interface PaintedFlow {
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

export function paintPage(page: PageLayout, paint: PaintDocumentOptions = {}): PageDisplayList {
  return paintPageWith(page, paintFlow(page, paint), paint);
}

/** A page's display list from its flow painted earlier (paintFlow) and its page box and margin boxes painted now. */
export function paintPageWith(page: PageLayout, flow: PaintedFlow, paint: PaintDocumentOptions = {}): PageDisplayList {
  const items = [...pageBoxItems(page, paint), ...flow.items, ...marginBoxItems(page, flow.canvasSource, paint), ...flow.annotations, ...collectAnnotations(page.marginBoxes)];
  return { width: page.width, height: page.height, items };
}

/**
 * What a page paints once its flow is laid out, when its margin boxes come later (render.ts
 * writes each page as it is laid out): the page box, the flow, and the flow's links and bookmarks.
 */
export function paintPageBody(page: PageLayout, flow: PaintedFlow, paint: PaintDocumentOptions = {}): PageDisplayList {
  return { width: page.width, height: page.height, items: [...pageBoxItems(page, paint), ...flow.items, ...flow.annotations] };
}

/** What a page paints once the document is complete: its margin boxes (they may print the page count) and their links. */
export function paintPageMargins(page: PageLayout, canvasSource: Box | undefined, paint: PaintDocumentOptions = {}): DisplayItem[] {
  return [...marginBoxItems(page, canvasSource, paint), ...collectAnnotations(page.marginBoxes)];
}

function pageBoxItems(page: PageLayout, paint: PaintDocumentOptions): DisplayItem[] {
  return paintPageBox(page, inset({ x: 0, y: 0, width: page.width, height: page.height }, page.margins), paint);
}

/** The margin boxes (CSS Paged Media 3 §5), Pagination artifacts in a tagged PDF. */
function marginBoxItems(page: PageLayout, canvasSource: Box | undefined, paint: PaintDocumentOptions): DisplayItem[] {
  const marginOptions: PaintOptions = { canvasSource, lookup: imageLookup(paint), svg: svgOptions(paint) };
  const margins: DisplayItem[] = [];
  for (const fragment of page.marginBoxes) {
    margins.push(...(fragment.kind === 'box' ? paintStackingContext(fragment, marginOptions) : paintFragments([fragment], marginOptions)));
  }
  return paint.tagged === true && margins.length > 0 ? [{ kind: 'begin-artifact', type: 'Pagination' }, ...margins, { kind: 'end-marked' }] : margins;
}

function imageLookup(paint: PaintDocumentOptions): ImageLookup {
  const images = paint.images;
  return (url) => images?.get(url);
}

function svgOptions(paint: PaintDocumentOptions): { text?: TextSystem } {
  return paint.text === undefined ? {} : { text: paint.text };
}

/** The page box: its background over the whole page, margins included (its images placed in the page box), and its border. */
function paintPageBox(page: PageLayout, pageBox: Rect, paint: PaintDocumentOptions): DisplayItem[] {
  const style = page.pageStyle.style;
  const pageRect: Rect = { x: 0, y: 0, width: page.width, height: page.height };
  const borders: Sides = { top: style.borderTopWidth, right: style.borderRightWidth, bottom: style.borderBottomWidth, left: style.borderLeftWidth };
  const radii = borderRadii(style, pageBox);
  const pad = (v: LengthPercentage): number => resolveLength(v, pageBox.width);
  const paddingSides: Sides = { top: pad(style.paddingTop), right: pad(style.paddingRight), bottom: pad(style.paddingBottom), left: pad(style.paddingLeft) };
  const pageArea = { rect: pageBox, radii, border: borders, padding: paddingSides };
  return [
    ...paintBackground(style, pageArea, { lookup: imageLookup(paint), svg: svgOptions(paint), clip: { rect: pageRect, radii: NO_RADII } }),
    ...paintBorder({ rect: pageBox, widths: borders, style, radii }),
  ];
}

/**
 * The page's flow: the canvas background (root or body, CSS Backgrounds 3 §2.11.2) over the page
 * box's padding box, then the root box and the boxes positioned in the initial containing block
 * as one stacking context (CSS2 Appendix E); its links and bookmarks apart, painted last.
 */
export function paintFlow(page: PageLayout, paint: PaintDocumentOptions = {}): PaintedFlow {
  const style = page.pageStyle.style;
  const pageBox = inset({ x: 0, y: 0, width: page.width, height: page.height }, page.margins);
  const borders: Sides = { top: style.borderTopWidth, right: style.borderRightWidth, bottom: style.borderBottomWidth, left: style.borderLeftWidth };
  const radii = borderRadii(style, pageBox);
  const lookup = imageLookup(paint);
  const svg = svgOptions(paint);
  const items: DisplayItem[] = [];
  const canvas = canvasBackground(page.children);
  if (canvas !== undefined) {
    const f = canvas.fragment;
    const clip = { rect: inset(pageBox, borders), radii: insetRadii(radii, borders) };
    items.push(...paintBackground(f.style, fragmentArea(f, borderRadii(f.style, { x: f.x, y: f.y, width: f.width, height: f.height })), { lookup, svg, clip }));
  }
  items.push(...paintFragments(page.children, { canvasSource: canvas?.source, tagged: paint.tagged === true, lookup, svg }));
  return { items, annotations: collectAnnotations(page.children), canvasSource: canvas?.source };
}
