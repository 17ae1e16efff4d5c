/**
 * The display list: plain data, one list per page, in painting order. The pdf stage turns it
 * into PDF operators; tests read it without a PDF. Coordinates are CSS px from the page's top-left.
 */
import type { Color } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { FontFace, ShapedGlyph } from '../text/types.js';
import type { LoadedImage } from '../resources/types.js';

export type PathSegment =
  | { readonly op: 'move'; readonly x: number; readonly y: number }
  | { readonly op: 'line'; readonly x: number; readonly y: number }
  | { readonly op: 'curve'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number; readonly x: number; readonly y: number }
  | { readonly op: 'close' };

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
    }
  | { readonly kind: 'image'; readonly rect: Rect; readonly image: LoadedImage }
  | { readonly kind: 'push-clip'; readonly rect: Rect; readonly radii?: readonly number[] }
  | { readonly kind: 'pop-clip' }
  | { readonly kind: 'push-opacity'; readonly opacity: number }
  | { readonly kind: 'pop-opacity' }
  | { readonly kind: 'link'; readonly rect: Rect; readonly url: string }
  | { readonly kind: 'bookmark'; readonly level: number; readonly title: string; readonly y: number };

export interface PageDisplayList {
  /** Page size in px. */
  readonly width: number;
  readonly height: number;
  readonly items: readonly DisplayItem[];
}

export interface DocumentDisplayList {
  readonly pages: readonly PageDisplayList[];
}
