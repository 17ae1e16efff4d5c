/**
 * The display list: plain data, one list per page, in painting order. The pdf stage turns it
 * into PDF operators; tests read it without a PDF. Coordinates are CSS px from the page's top-left.
 */
import type { Color } from '../css/types.js';
import type { Point, Rect, Size } from '../geometry/types.js';
import type { Matrix } from '../geometry/matrix.js';
import type { FontFace, ShapedGlyph } from '../text/types.js';
import type { LoadedImage } from '../resources/types.js';
import type { DomElement } from '../dom/types.js';
import type { ColorStep } from './color-matrix.js';

/**
 * What a tagged item's content is to its element: its own content, its list marker
 * (::marker, tagged Lbl), or other generated content (::before/::after).
 */
export type ContentPart = 'content' | 'marker' | 'generated';

/** Artifact types (ISO 32000-1 §14.8.2.2.2): page furniture that is not document content. */
export type ArtifactType = 'Pagination' | 'Layout' | 'Background';

export type PathSegment =
  | { readonly op: 'move'; readonly x: number; readonly y: number }
  | { readonly op: 'line'; readonly x: number; readonly y: number }
  | { readonly op: 'curve'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number; readonly x: number; readonly y: number }
  | { readonly op: 'close' };

/** A clip's outline: a path, filled by the non-zero or the even-odd rule. */
export interface ClipOutline {
  readonly path: readonly PathSegment[];
  readonly evenOdd: boolean;
}

/** A gradient colour stop: `offset` 0-1 along the shading's axis or radius. */
export interface ShadingStop {
  readonly offset: number;
  readonly color: Color;
}

/**
 * A smooth shading (ISO 32000-1 §8.7.4.5): axial between two points, or radial between two
 * circles around one centre (`scaleY` stretches it vertically into an ellipse), extended at both
 * ends. The stops are sorted; colours may be translucent.
 */
export type Shading =
  | { readonly kind: 'axial'; readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number; readonly stops: readonly ShadingStop[] }
  | { readonly kind: 'radial'; readonly cx: number; readonly cy: number; readonly r0: number; readonly r1: number; readonly scaleY: number; readonly stops: readonly ShadingStop[]; readonly fx?: number; readonly fy?: number };

/** An 8-bit alpha image (a blurred shadow's mask), `id` names its content for reuse. */
export interface AlphaMask {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  /** width × height bytes, row by row from the top. */
  readonly data: Uint8Array;
}

/** A region of an image (`from`, image px) drawn into `to` and clipped to `clip` (px from the item's rect's top-left). */
export interface ImagePlacement {
  readonly from: Rect;
  readonly to: Rect;
  readonly clip: Rect;
}

/**
 * PDF blend modes (ISO 32000-1 §11.3.5) a group is composited with: how mask layers combine
 * (paint/mask-layers.ts) and `mix-blend-mode` (paint/effects.ts), whose modes have the same names.
 */
export type BlendMode = 'Normal' | 'Multiply' | 'Screen' | 'Overlay' | 'Darken' | 'Lighten' | 'ColorDodge' | 'ColorBurn'
  | 'HardLight' | 'SoftLight' | 'Difference' | 'Exclusion' | 'Hue' | 'Saturation' | 'Color' | 'Luminosity';

/** A soft mask: what its items paint, read as luminance (SVG's default) or as alpha. */
export interface SoftMask {
  readonly items: readonly DisplayItem[];
  readonly luminance: boolean;
}

/** The display list carries transforms as geometry's affine matrices. */
export type { Matrix };

export type DisplayItem =
  | { readonly kind: 'fill-rect'; readonly rect: Rect; readonly color: Color }
  | { readonly kind: 'fill-path'; readonly path: readonly PathSegment[]; readonly color: Color; readonly evenOdd?: boolean }
  | {
      readonly kind: 'stroke-path';
      readonly path: readonly PathSegment[];
      readonly color: Color;
      readonly width: number;
      /** Dash pattern [on, off, ...] in px; undefined = solid. */
      readonly dash?: readonly number[];
      readonly lineCap: 'butt' | 'round' | 'square';
      readonly lineJoin?: 'miter' | 'round' | 'bevel';
      readonly miterLimit?: number;
      readonly dashOffset?: number;
    }
  | {
      readonly kind: 'glyphs';
      /** Origin of the first glyph, on the baseline. */
      readonly x: number;
      readonly y: number;
      readonly face: FontFace;
      /** px */
      readonly size: number;
      readonly color: Color;
      readonly glyphs: readonly ShapedGlyph[];
      /** Final advance of each glyph, px (the pdf stage writes the difference to the font's own). */
      readonly advances: readonly number[];
      /** Skew for synthetic oblique, stroke width for synthetic bold (px; 0 = none). */
      readonly syntheticBold: number;
      readonly syntheticOblique: boolean;
      /** Outlines stroked too (SVG text `stroke`); a transparent `color` strokes only. */
      readonly stroke?: { readonly color: Color; readonly width: number };
      /** What a reader copies when it differs from the glyphs' characters (synthesized small capitals). */
      readonly actualText?: string;
      /** Written unpainted (render mode 3), for extraction and search only: upright glyphs drawn from their outlines (upright-glyphs.ts). */
      readonly invisible?: boolean;
    }
  /** `interpolate`: smooth (true) or blocky (false) upscaling; undefined leaves it to the viewer. */
  | {
      readonly kind: 'image';
      readonly rect: Rect;
      readonly image: LoadedImage;
      readonly interpolate?: boolean;
      /** Colour filter steps applied to the pixels in order (pdf/image-prep.ts), from `filter`. */
      readonly filters?: readonly ColorStep[];
      /**
       * Instead of the whole image: these regions of it composed into one image over `rect`
       * (pdf/image-prep.ts), a border image's frame drawn seamlessly.
       */
      readonly compose?: readonly ImagePlacement[];
      /** An SVG source's composed frame as vector tiles: what is drawn when no composed copy is made. */
      readonly vectorFrame?: readonly DisplayItem[];
      /**
       * Blurred with a Gaussian of `sigma` px (pdf/image-prep.ts: the copy covers `rect` grown by
       * 3 sigma); with `shadow`, its blurred alpha in that colour (a `drop-shadow()`), cut first
       * to every outline of `clip` (paths in `rect`'s space from its top-left corner: the clips of
       * the shadowed content, which Filter Effects 1 §13.1 blurs with it).
       */
      readonly blur?: { readonly sigma: number; readonly shadow?: Color; readonly clip?: readonly ClipOutline[] };
      /**
       * An SVG document to draw as pixels by Skia (pdf/image-prep.ts): an SVG element with a
       * filter only a rasteriser applies (svg-filter-raster.ts), a blurred `drop-shadow()` of
       * content whose outlines are not its alpha (drop-shadow-raster.ts); `unrasterized` is drawn
       * when no copy is made; `filter` names the filter for a warning when it is, and `instead`
       * what is drawn then (by default, "the elements under it are drawn unfiltered"); `density` the
       * pixels per px it is drawn at (pdf/image-prep.ts FILTER_DENSITY by default: a blur needs fewer).
       */
      readonly rasterize?: { readonly unrasterized: readonly DisplayItem[]; readonly filter: string; readonly instead?: string; readonly density?: number };
    }
  /**
   * Paints `rect` with one tile repeated (a tiling pattern, ISO 32000-1 §8.7.3.1): `items` are the
   * tile, drawn in a space of its own whose origin is put at `origin` + (i × step.x, j × step.y)
   * for every whole i and j, clipped to `size` from there. A background layer of a thousand tiles
   * is one item, whatever the area it covers.
   */
  | { readonly kind: 'tiles'; readonly rect: Rect; readonly origin: Point; readonly size: Size; readonly step: Point; readonly items: readonly DisplayItem[] }
  /** Paints `shading` over `rect` (clipped to it). */
  | { readonly kind: 'shading'; readonly rect: Rect; readonly shading: Shading }
  /** Paints `color` over `rect` through `mask` stretched to it. */
  | {
      readonly kind: 'alpha-mask'; readonly rect: Rect; readonly color: Color; readonly mask: AlphaMask;
      /** The shape the mask is the Gaussian blur of (a box shadow's), for a writer that blurs itself (items-svg.ts). */
      readonly blurOf?: { readonly path: readonly PathSegment[]; readonly evenOdd: boolean; readonly sigma: number };
    }
  /**
   * Intersects the clip with the outlines of glyph runs (text render mode 7, closed by pop-clip):
   * how SVG text is filled with a gradient or pattern. The runs' colours are ignored.
   */
  | { readonly kind: 'push-clip-glyphs'; readonly runs: readonly Extract<DisplayItem, { kind: 'glyphs' }>[] }
  /** Intersects the clip with a path (closed by pop-clip). */
  | { readonly kind: 'push-clip-path'; readonly path: readonly PathSegment[]; readonly evenOdd?: boolean }
  /** Concatenates a matrix to the coordinate system until the matching pop-transform. */
  | { readonly kind: 'push-transform'; readonly matrix: Matrix }
  | { readonly kind: 'pop-transform' }
  | { readonly kind: 'push-clip'; readonly rect: Rect; readonly radii?: readonly number[] }
  | { readonly kind: 'pop-clip' }
  /**
   * Starts a transparency group drawn with `opacity`, and through `mask` when given (a soft mask,
   * ISO 32000-1 §11.6.5: the mask's items, in the same space, by luminance or alpha).
   */
  | { readonly kind: 'push-opacity'; readonly opacity: number; readonly mask?: SoftMask; readonly blend?: BlendMode; readonly isolated?: true }
  | { readonly kind: 'pop-opacity' }
  | {
      readonly kind: 'link';
      readonly rect: Rect;
      readonly url: string;
      /** The `a` element, for the link's structure element in tagged PDF. */
      readonly element?: DomElement;
    }
  /** An outline entry (`bookmark-level`, `bookmark-label`; `open` from `bookmark-state`: its children shown). */
  | { readonly kind: 'bookmark'; readonly level: number; readonly title: string; readonly y: number; readonly x?: number; readonly open: boolean }
  /**
   * A named destination (ISO 32000-1 §12.3.2.3) for an element's id, at the top of its first box
   * (and its left edge, `x`, when the box is turned): the target of `href="#id"`.
   */
  | { readonly kind: 'destination'; readonly name: string; readonly y: number; readonly x?: number }
  /**
   * Tagged PDF (ISO 32000-1 §14.7-14.8): the items up to the matching `end-marked` are content
   * of `element` (a marked-content sequence of its structure element). Painting items outside
   * any begin-tag/begin-artifact are artifacts. Only emitted when tagging is asked for.
   */
  | { readonly kind: 'begin-tag'; readonly element: DomElement; readonly part: ContentPart }
  | { readonly kind: 'begin-artifact'; readonly type: ArtifactType }
  | { readonly kind: 'end-marked' };

export interface PageDisplayList {
  /** Page size in px. */
  readonly width: number;
  readonly height: number;
  /** The bleed area around the page box, px (CSS Paged Media 3 §7.2): the sheet is larger by it on every side. */
  readonly bleed?: number;
  /** `page-orientation`: degrees a viewer turns the page clockwise (the PDF page's /Rotate). */
  readonly rotate?: 90 | 270;
  readonly items: readonly DisplayItem[];
}

export interface DocumentDisplayList {
  readonly pages: readonly PageDisplayList[];
}

/** A page as paint hands it over: what is drawn on it, then its links, bookmarks and destinations (in tree order). */
export interface PaintedPage {
  readonly kind: 'page';
  readonly index: number;
  readonly width: number;
  readonly height: number;
  readonly bleed?: number;
  readonly rotate?: 90 | 270;
  readonly items: readonly DisplayItem[];
  readonly annotations: readonly DisplayItem[];
  /** Its margin boxes come in a `margins` part (painted once the page count is known). */
  readonly marginsLater: boolean;
}

/** The margin boxes of a page handed over earlier, and their links. */
export interface PaintedMargins {
  readonly kind: 'margins';
  readonly index: number;
  readonly items: readonly DisplayItem[];
  readonly annotations: readonly DisplayItem[];
}

/**
 * What paint hands over for each item layout yields (paint/paint-page.ts), in the same order;
 * `whole` first when layout buffered the pages (they come complete, and all of them).
 */
export type PaintedPart = { readonly kind: 'whole' } | PaintedPage | PaintedMargins;

/**
 * A page's display list once all of it is painted: everything drawn (the margin boxes over the
 * flow), then the annotations of the flow and of the margin boxes.
 */
export function completePage(page: PaintedPage, margins?: PaintedMargins): PageDisplayList {
  const items = margins === undefined ? [...page.items, ...page.annotations] : [...page.items, ...margins.items, ...page.annotations, ...margins.annotations];
  // two literals, not `{ ...size, items }`: a spread followed by a key made a new hidden class per page (Node 20)
  const list: PageDisplayList = page.bleed === undefined ? { width: page.width, height: page.height, items } : { width: page.width, height: page.height, bleed: page.bleed, items };
  // (rotated pages are rare: their own hidden class)
  return page.rotate === undefined ? list : { ...list, rotate: page.rotate };
}
