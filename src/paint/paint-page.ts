/**
 * The paint stage (DESIGN.md §2): laid-out pages in, one display list per page out. Per page
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

function inset(rect: Rect, by: Sides): Rect {
  return {
    x: rect.x + by.left,
    y: rect.y + by.top,
    width: Math.max(0, rect.width - by.left - by.right),
    height: Math.max(0, rect.height - by.top - by.bottom),
  };
}

export function paintPage(page: PageLayout, paint: PaintDocumentOptions = {}): PageDisplayList {
  const items: DisplayItem[] = [];
  const style = page.pageStyle.style;
  const pageRect: Rect = { x: 0, y: 0, width: page.width, height: page.height };
  const pageBox = inset(pageRect, page.margins);
  const borders: Sides = { top: style.borderTopWidth, right: style.borderRightWidth, bottom: style.borderBottomWidth, left: style.borderLeftWidth };
  const radii = borderRadii(style, pageBox);
  const images = paint.images;
  const lookup: ImageLookup = (url) => images?.get(url);
  const svg = paint.text === undefined ? {} : { text: paint.text };
  const pad = (v: LengthPercentage): number => resolveLength(v, pageBox.width);
  const paddingSides: Sides = { top: pad(style.paddingTop), right: pad(style.paddingRight), bottom: pad(style.paddingBottom), left: pad(style.paddingLeft) };
  // the page background covers the whole page, margins included; its images are placed in the page box
  const pageArea = { rect: pageBox, radii, border: borders, padding: paddingSides };
  items.push(...paintBackground(style, pageArea, { lookup, svg, clip: { rect: pageRect, radii: NO_RADII } }));
  items.push(...paintBorder({ rect: pageBox, widths: borders, style, radii }));
  const canvas = canvasBackground(page.children);
  if (canvas !== undefined) {
    const f = canvas.fragment;
    const clip = { rect: inset(pageBox, borders), radii: insetRadii(radii, borders) };
    items.push(...paintBackground(f.style, fragmentArea(f, borderRadii(f.style, { x: f.x, y: f.y, width: f.width, height: f.height })), { lookup, svg, clip }));
  }
  const options: PaintOptions = { canvasSource: canvas?.source, tagged: paint.tagged === true, lookup, svg };
  // the root box and the boxes positioned in the initial containing block are one stacking context (CSS2 Appendix E)
  items.push(...paintFragments(page.children, options));
  const marginOptions: PaintOptions = { canvasSource: canvas?.source, lookup, svg };
  const margins: DisplayItem[] = [];
  for (const fragment of page.marginBoxes) {
    margins.push(...(fragment.kind === 'box' ? paintStackingContext(fragment, marginOptions) : paintFragments([fragment], marginOptions)));
  }
  if (paint.tagged === true && margins.length > 0) items.push({ kind: 'begin-artifact', type: 'Pagination' }, ...margins, { kind: 'end-marked' });
  else items.push(...margins);
  items.push(...collectAnnotations(page.children), ...collectAnnotations(page.marginBoxes));
  return { width: page.width, height: page.height, items };
}
