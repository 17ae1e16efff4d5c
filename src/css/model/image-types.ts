/**
 * Computed `<image>` values (CSS Images 3 §2-3, CSS Images 4 §3.3 conic) and the background layer
 * components (CSS Backgrounds 3 §3) as the paint stage reads them. Lengths are px; percentages stay
 * percentages until the painting area is known.
 */
import type { Color, LengthPercentage, LengthPercentageAuto, SpecifiedColor } from './types.js';
import type { DomElement } from '../../dom/types.js';

/** A colour stop or transition hint; `position` undefined = to be fixed up (CSS Images 3 §3.4.3). */
export interface ColorStop {
  /** A transition hint's colour is the halfway mix of its neighbours: the colour at its position. */
  readonly color: Color;
  /** A transition hint (§3.4.3): the colour curve between its neighbours passes its midpoint here. */
  readonly hint?: true;
  /** Linear/radial: length along the gradient ray; conic: a percentage of the turn. */
  readonly position: LengthPercentage | undefined;
}

/** One axis of a `<position>`: an offset from the start (left/top) or end (right/bottom) edge. */
export interface PositionAxis {
  readonly edge: 'start' | 'end';
  readonly offset: LengthPercentage;
}

export interface Position {
  readonly x: PositionAxis;
  readonly y: PositionAxis;
}

export type RadialExtent = 'closest-side' | 'farthest-side' | 'closest-corner' | 'farthest-corner';

export type ColorSpace = 'srgb' | 'srgb-linear' | 'display-p3' | 'a98-rgb' | 'prophoto-rgb' | 'rec2020' | 'lab' | 'oklab' | 'xyz' | 'xyz-d50' | 'xyz-d65' | 'hsl' | 'hwb' | 'lch' | 'oklch';
export type HueInterpolation = 'shorter' | 'longer' | 'increasing' | 'decreasing';

/** `<color-interpolation-method>` (CSS Color 4 §12): the space the stops mix in; `hue` matters in polar spaces. */
export interface ColorInterpolation {
  readonly space: ColorSpace;
  readonly hue: HueInterpolation;
}

export interface LinearGradient {
  readonly kind: 'linear';
  readonly repeating: boolean;
  /**
   * An angle in degrees (0 = to top, clockwise), a corner/side (`to right bottom` = {x: 1, y: 1}),
   * or two points of the box the line runs between (the legacy `-webkit-` syntaxes).
   */
  readonly direction: { readonly angle: number } | { readonly x: -1 | 0 | 1; readonly y: -1 | 0 | 1 } | { readonly from: Position; readonly to: Position };
  readonly stops: readonly ColorStop[];
  /** Undefined: sRGB (every stop a legacy colour). */
  readonly interpolation?: ColorInterpolation;
}

export interface RadialGradient {
  readonly kind: 'radial';
  readonly repeating: boolean;
  readonly shape: 'circle' | 'ellipse';
  readonly size: RadialExtent | { readonly rx: LengthPercentage; readonly ry: LengthPercentage };
  readonly position: Position;
  readonly stops: readonly ColorStop[];
  readonly interpolation?: ColorInterpolation;
}

export interface ConicGradient {
  readonly kind: 'conic';
  readonly repeating: boolean;
  /** Start angle, degrees clockwise from the top. */
  readonly from: number;
  readonly position: Position;
  readonly stops: readonly ColorStop[];
  readonly interpolation?: ColorInterpolation;
}

export type Gradient = LinearGradient | RadialGradient | ConicGradient;

/** An image by URL; `resolution` (image pixels per px, from `image-set()`) divides its natural size. */
export type UrlImage = { readonly kind: 'url'; readonly url: string; readonly resolution?: number };

export type CssImage = UrlImage | Gradient;

export type RepeatStyle = 'repeat' | 'no-repeat' | 'space' | 'round';

export interface BackgroundRepeat {
  readonly x: RepeatStyle;
  readonly y: RepeatStyle;
}

export type BackgroundSize = 'cover' | 'contain' | { readonly width: LengthPercentageAuto; readonly height: LengthPercentageAuto };

export type BackgroundBox = 'border-box' | 'padding-box' | 'content-box';

/** `background-clip` (CSS Backgrounds 4 §2.1): a box, or `text`, the glyphs of the box's text. */
export type BackgroundClip = BackgroundBox | 'text';

/** `background-attachment` (CSS Backgrounds 3 §3.5); `local` is drawn as `scroll`. */
export type BackgroundAttachment = 'scroll' | 'fixed' | 'local';
/** CSS Masking 1 §6: a mask layer's clip box (`no-clip`: the layer is not clipped). */
export type MaskClip = BackgroundBox | 'no-clip';
/** §6.2: `match-source` is alpha for images (SVG `<mask>` references, luminance, are not rendered). */
export type MaskMode = 'alpha' | 'luminance' | 'match-source';
/** §6.8: how a layer combines with the layers below it. */
export type MaskComposite = 'add' | 'subtract' | 'intersect' | 'exclude';

/** One `box-shadow` (CSS Backgrounds 3 §7.1), px. */
export interface BoxShadow {
  readonly inset: boolean;
  readonly x: number;
  readonly y: number;
  readonly blur: number;
  readonly spread: number;
  readonly color: Color;
}

/**
 * One `text-shadow` (CSS Text Decoration 3 §4): `currentcolor` (alone or in a colour function)
 * stays unresolved, so that text inheriting the shadow paints it in its own colour, as browsers do.
 */
export interface TextShadow {
  readonly x: number;
  readonly y: number;
  readonly blur: number;
  readonly color: SpecifiedColor;
}

/** A `border-image-slice` offset: image pixels (a number) or a percentage of the image's size. */
export type BorderImageOffset = { readonly kind: 'number'; readonly value: number } | { readonly kind: 'percent'; readonly value: number };

/** `border-image-slice` (CSS Backgrounds 3 §6.3): top, right, bottom, left, and whether the middle is drawn. */
export interface BorderImageSlice {
  readonly offsets: readonly [BorderImageOffset, BorderImageOffset, BorderImageOffset, BorderImageOffset];
  readonly fill: boolean;
}

/** A `border-image-width` side: a multiple of the border width, a length(-percentage), or the slice's size. */
export type BorderImageWidth = { readonly kind: 'number'; readonly value: number } | LengthPercentage | 'auto';

/** A `border-image-outset` side: a multiple of the border width, or a length in px. */
export type BorderImageOutset = { readonly kind: 'number'; readonly value: number } | number;

export type BorderImageRepeat = 'stretch' | 'repeat' | 'round' | 'space';

/** The colour-matrix filter functions of Filter Effects 1 §12 (each an sRGB matrix with clamping). */
export type ColorFilterName = 'grayscale' | 'sepia' | 'saturate' | 'hue-rotate' | 'invert' | 'brightness' | 'contrast';

/** An `feFuncR`/`G`/`B` (Filter Effects 1 §15.11): a channel's value 0–1 mapped, the result clamped to 0–1. */
export type TransferFunction =
  | { readonly type: 'identity' }
  /** `table` interpolates between the values, `discrete` steps through them. */
  | { readonly type: 'table' | 'discrete'; readonly values: readonly number[] }
  | { readonly type: 'linear'; readonly slope: number; readonly intercept: number }
  | { readonly type: 'gamma'; readonly amplitude: number; readonly exponent: number; readonly offset: number };

/** One `<filter-function>` (Filter Effects 1 §12) or a `url()` reference to an SVG filter, computed. */
export type FilterFunction =
  /** `amount`: a fraction (0.5 for 50%), degrees for hue-rotate. */
  | { readonly kind: 'color'; readonly name: ColorFilterName; readonly amount: number }
  /** An SVG filter's `feColorMatrix` (css/values/svg-filter.ts): row-major 3 × 4 on sRGB channels 0–1, alpha kept. */
  | { readonly kind: 'color-matrix'; readonly matrix: readonly number[] }
  /** An SVG filter's `feComponentTransfer` on the graphic (css/values/svg-filter.ts): r, g and b (0–1) each through its function, alpha kept. */
  | { readonly kind: 'color-transfer'; readonly channels: readonly [TransferFunction, TransferFunction, TransferFunction] }
  /** Channels 0–1 converted between sRGB and linear light: around a primitive that works in linearRGB (`color-interpolation-filters`). */
  | { readonly kind: 'color-space'; readonly to: 'linear' | 'srgb' }
  | { readonly kind: 'opacity'; readonly amount: number }
  /** Standard deviation in px. */
  | { readonly kind: 'blur'; readonly radius: number }
  /** Offsets in px; `blur` the Gaussian's standard deviation in px (Filter Effects 1 §13.1: not a box shadow's blur radius, 2σ). */
  | { readonly kind: 'drop-shadow'; readonly x: number; readonly y: number; readonly blur: number; readonly color: Color }
  | { readonly kind: 'url'; readonly url: string }
  /** The `<filter>` of an inline `<svg>` a `url()` names where no functions above say it (boxes/svg-references.ts): rasterised (paint/svg-filter-raster.ts). */
  | { readonly kind: 'svg-filter'; readonly svgFilter: DomElement };
