/**
 * Computed transform and clipping values (CSS Transforms 1 and 2, CSS Masking 1 §3, CSS Shapes 1
 * §3, CSS Overflow 3 §3.2) as the paint stage reads them. `L` is the length type: specified
 * lengths while parsing, px or percentages once computed (percentages resolve against the box).
 */
import type { CssImage, Position } from './image-types.js';
import type { LengthPercentage } from './types.js';
import type { DomElement } from '../../dom/types.js';

/**
 * One transform function. Angles in degrees. 2D functions are the 3D ones with z left out
 * (translate z 0, scale z 1, rotate about z); `matrix` is a 4×4 matrix, column by column.
 */
export type TransformFunction<L = LengthPercentage> =
  | { readonly kind: 'translate'; readonly x: L; readonly y: L; readonly z: L }
  | { readonly kind: 'scale'; readonly x: number; readonly y: number; readonly z: number }
  | { readonly kind: 'rotate'; readonly x: number; readonly y: number; readonly z: number; readonly angle: number }
  | { readonly kind: 'skew'; readonly x: number; readonly y: number }
  | { readonly kind: 'matrix'; readonly values: readonly number[] };

/** `transform-origin`: x and y against the border box, z a length (CSS Transforms 2 §6). */
export interface TransformOrigin<L = LengthPercentage> {
  readonly x: L;
  readonly y: L;
  readonly z: L;
}

/** The reference box of a shape (CSS Shapes 1 §4; SVG boxes map to the border box for HTML). */
export type ShapeBox = 'margin-box' | 'border-box' | 'padding-box' | 'content-box';

export type ShapeRadius = LengthPercentage | 'closest-side' | 'farthest-side';

/** `object-view-box` (CSS Images 5 §5.7): insets from the image's natural edges (top, right, bottom, left). */
export interface ObjectViewBox {
  readonly sides: readonly [LengthPercentage, LengthPercentage, LengthPercentage, LengthPercentage];
}

/** `<basic-shape>` (CSS Shapes 1 §3.1), computed. */
export type BasicShape =
  | {
      readonly kind: 'inset';
      /** top, right, bottom, left */
      readonly sides: readonly [LengthPercentage, LengthPercentage, LengthPercentage, LengthPercentage];
      /** Corner radii like border-radius: [horizontal, vertical] from top-left clockwise. */
      readonly radii: readonly (readonly [LengthPercentage, LengthPercentage])[];
    }
  | { readonly kind: 'circle'; readonly radius: ShapeRadius; readonly position: Position }
  | { readonly kind: 'ellipse'; readonly rx: ShapeRadius; readonly ry: ShapeRadius; readonly position: Position }
  | { readonly kind: 'polygon'; readonly evenOdd: boolean; readonly points: readonly (readonly [LengthPercentage, LengthPercentage])[] };

/**
 * `shape-outside` (CSS Shapes 1 §4.1), computed: a basic shape in a reference box, a box alone
 * (its border-radius curves), or an image whose opaque part is the shape.
 */
export type ShapeOutside =
  | 'none'
  | { readonly kind: 'shape'; readonly shape: BasicShape | undefined; readonly box: ShapeBox }
  | { readonly kind: 'image'; readonly image: CssImage };

/** A float's shape properties (CSS Shapes 1 §4), part of ComputedStyle. */
export interface ShapeStyle {
  /** The area its lines wrap around, grown by `shapeMargin`; an image's by `shapeImageThreshold`. */
  readonly shapeOutside: ShapeOutside;
  readonly shapeMargin: LengthPercentage;
  readonly shapeImageThreshold: number;
}

/**
 * `clip` (CSS Masking 1 §5.1, deprecated but everywhere: the "visually hidden" pattern): the
 * offsets of a rectangle from the top-left corner of an absolutely positioned box's border box,
 * in px; `auto` puts that side on the border box's edge.
 */
export type ClipRect = 'auto' | { readonly top: number | 'auto'; readonly right: number | 'auto'; readonly bottom: number | 'auto'; readonly left: number | 'auto' };

/**
 * `clip-path` (CSS Masking 1 §3.1): a shape in a reference box, or the box alone; or `url(#id)`, a
 * `<clipPath>` of an inline `<svg>` of the page, which the box stage finds (boxes/svg-references.ts)
 * and paint draws in the element's border box (paint/clip-path.ts).
 */
export type ClipPath = 'none' | { readonly shape: BasicShape | PathShape | ShapeFunction | undefined; readonly box: ShapeBox } | ClipReference | SvgClipPath;

/** `clip-path: url(…)` as written: the URL, resolved against its stylesheet (its fragment names the element). */
export interface ClipReference {
  readonly reference: string;
}

/** The `<clipPath>` element a `url(#id)` names, found by the box stage. */
export interface SvgClipPath {
  readonly svgClip: DomElement;
}

export type ShapeCommandOp = 'move' | 'line' | 'hline' | 'vline' | 'curve' | 'smooth' | 'arc' | 'close';

/** One command: its end point (x, y; one value for hline and vline), control points, arc radii. */
export interface ShapeCommand<L> {
  readonly op: ShapeCommandOp;
  readonly by: boolean;
  readonly to: readonly L[];
  readonly controls: readonly L[];
  readonly radii: readonly L[];
  readonly large: boolean;
  readonly clockwise: boolean;
  readonly rotate: number;
}

/** `shape()` (CSS Shapes 2 §3.2): a path in lengths and percentages of the reference box. */
export interface ShapeFunction<L = LengthPercentage> {
  readonly kind: 'shape';
  readonly evenOdd: boolean;
  readonly from: readonly [L, L];
  readonly commands: readonly ShapeCommand<L>[];
}


/** `path( <fill-rule>? , <string> )` (CSS Shapes 2 §3.1): SVG path data in px from the reference box's top-left corner. */
export interface PathShape {
  readonly kind: 'path';
  readonly evenOdd: boolean;
  readonly d: string;
}

/** `overflow-clip-margin` (CSS Overflow 4 §3.2): how far outside `box` an `overflow: clip` box still paints. */
export interface OverflowClipMargin {
  readonly box: 'content-box' | 'padding-box' | 'border-box';
  readonly margin: number;
}
