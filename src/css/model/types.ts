/**
 * Computed values (CSS Cascade 4 §4.4) as the later stages read them.
 * Absolute lengths and font-relative lengths are already px; percentages stay
 * percentages until layout knows what they refer to.
 */
import type { PseudoElement } from './pseudo-elements.js';
import type { DomElement } from '../../dom/types.js';
import type { CounterStyleSet } from './counter-style-types.js';
import type { BackgroundAttachment, BackgroundBox, BackgroundClip, BackgroundRepeat, BackgroundSize, BorderImageOutset, BorderImageRepeat, BorderImageSlice, BorderImageWidth, BoxShadow, CssImage, MaskClip, MaskComposite, MaskMode, Position, PositionAxis, FilterFunction, TextShadow } from './image-types.js';
import type { ClipPath, ClipRect, ObjectViewBox, OverflowClipMargin, ShapeStyle, TransformFunction, TransformOrigin } from './effect-types.js';
import type { FontSizeAdjustStyle, FontSizeKeyword, FontSynthesisStyle } from './font-types.js';
export type { FontSizeAdjust, FontSizeAdjustMetric } from './font-types.js';

import type { Color, ColorScheme } from './color-types.js';
import type { UiStyle } from './ui-types.js';
export type { Color, ColorScheme, CurrentColorExpression, LightDarkColor, SpecifiedColor } from './color-types.js';
import type { GridAreas, GridLine, GridSubgrid, GridTrackList, GridTrackSize } from './grid-types.js';
export type { GridAreas, GridBreadth, GridLine, GridNamedArea, GridRepeat, GridSubgrid, GridTrackList, GridTrackSize } from './grid-types.js';
export { isSubgridTemplate } from './grid-types.js';
import type { KeptPageStyles } from './kept-page-types.js';
import type { PageRule } from './page-types.js';
export type { PageContext, PageMarks, PageRule, PageSelector, PageStyle, RawDeclaration } from './page-types.js';
export type { KeptPageStyles, KeptPages } from './kept-page-types.js';
import type { CalcNode } from './calc-types.js';
export type { CalcFunctionName, CalcNode } from './calc-types.js';
import type { HangingPunctuation, HyphenateLimitChars, InitialLetter, PaintOrder, TextBoxEdge, TextBoxTrim, TextDecorationLine, TextEmphasisPosition, TextEmphasisStyle, TextSpacingTrim } from './text-types.js';
export type { EmphasisShape, HangingPunctuation, HyphenateLimitChars, InitialLetter, PaintLayer, PaintOrder, TextBoxEdge, TextBoxTrim, TextDecorationLine, TextEdgeOver, TextEdgeUnder, TextEmphasisPosition, TextEmphasisStyle, TextSpacingTrim } from './text-types.js';

/** One end of `text-overflow`. */
/**
 * `text-indent` (CSS Text 3 §8.1): the indent of a paragraph's first line — with `each-line`, of
 * each line after a forced break too; `hanging` inverts which lines are indented.
 */
export interface TextIndent {
  readonly length: LengthPercentage;
  readonly hanging: boolean;
  readonly eachLine: boolean;
}

export const NO_TEXT_INDENT: TextIndent = { length: 0, hanging: false, eachLine: false };

export type TextOverflowEnd = 'clip' | 'ellipsis' | { readonly string: string };

export interface Percentage {
  readonly kind: 'percent';
  /** 50 for 50% */
  readonly value: number;
}

export interface CalcLength {
  readonly kind: 'calc';
  readonly node: CalcNode;
}

/** px number, a percentage, or a calc() that needs the percentage basis. */
export type LengthPercentage = number | Percentage | CalcLength;
export type LengthPercentageAuto = LengthPercentage | 'auto';
export type LengthPercentageNone = LengthPercentage | 'none';
/**
 * Sizes given by the box's content or by its containing block (CSS Sizing 3 §3.2, CSS Sizing 4
 * §3.1 `stretch`, which `-webkit-fill-available` and `-moz-available` compute to).
 */
export type SizeKeyword = 'min-content' | 'max-content' | 'fit-content' | 'stretch';
/** `width`, `height`, `min-width`, `min-height`. */
export type Size = LengthPercentageAuto | SizeKeyword;
/** `max-width`, `max-height`. */
export type MaxSize = LengthPercentageNone | SizeKeyword;

export type Display =
  | 'none' | 'contents'
  | 'block' | 'inline' | 'inline-block' | 'list-item' | 'flow-root'
  | 'table' | 'inline-table' | 'table-row-group' | 'table-header-group' | 'table-footer-group'
  | 'table-row' | 'table-cell' | 'table-column-group' | 'table-column' | 'table-caption'
  | 'flex' | 'inline-flex' | 'grid' | 'inline-grid';

export type BorderStyle = 'none' | 'hidden' | 'solid' | 'dashed' | 'dotted' | 'double' | 'groove' | 'ridge' | 'inset' | 'outset';

export type FontStyle = 'normal' | 'italic' | 'oblique';

/**
 * Computed `font-style` (CSS Fonts 4 §2.4): a keyword, or the angle of `oblique <angle>` in
 * degrees, −90 to 90 (`oblique` alone stays the keyword: 14deg). text/match.ts matches faces by it.
 */
export type FontStyleValue = FontStyle | number;

/** The `font-variant-caps` keywords other than `normal` (CSS Fonts 4 §6.5). */
export type FontCaps = 'small-caps' | 'all-small-caps' | 'petite-caps' | 'all-petite-caps' | 'unicase' | 'titling-caps';

/** `normal`, a unitless multiplier, or a computed length in px. */
export type LineHeight = 'normal' | { readonly kind: 'number'; readonly value: number } | number;

export type TextAlign = 'left' | 'right' | 'center' | 'justify' | 'start' | 'end' | LegacyAlign;
/**
 * HTML's legacy alignment (`<center>`, `align` on div, td and friends; HTML §15.3.3): the text
 * is aligned, and so are block-level descendants whose margins leave them room.
 */
export type LegacyAlign = '-webkit-left' | '-webkit-center' | '-webkit-right';
export type WhiteSpace = 'normal' | 'pre' | 'nowrap' | 'pre-wrap' | 'pre-line' | 'break-spaces';
/** CSS Text 4 §3.1, §5.1, §5.2: the longhands `white-space` sets, and how lines wrap. */
export type WhiteSpaceCollapse = 'collapse' | 'preserve' | 'preserve-breaks' | 'break-spaces';
export type TextWrapMode = 'wrap' | 'nowrap';
export type TextWrapStyle = 'auto' | 'balance' | 'stable' | 'pretty';
export type BreakValue = 'auto' | 'avoid' | 'always' | 'all' | 'page' | 'left' | 'right' | 'recto' | 'verso' | 'avoid-page' | 'column' | 'avoid-column';
export type BreakInside = 'auto' | 'avoid' | 'avoid-page' | 'avoid-column';

export type VerticalAlign =
  | 'baseline' | 'sub' | 'super' | 'top' | 'middle' | 'bottom' | 'text-top' | 'text-bottom'
  // the box's middle on the parent's baseline (Chromium's value, `<img align=middle>`)
  | '-webkit-baseline-middle' | LengthPercentage;

/** One item of the `content` property after computation. */
export type ContentItem =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'attr'; readonly name: string }
  | { readonly kind: 'counter'; readonly name: string; readonly style: string }
  | { readonly kind: 'counters'; readonly name: string; readonly separator: string; readonly style: string }
  | { readonly kind: 'open-quote' | 'close-quote' | 'no-open-quote' | 'no-close-quote' }
  /** `resolution`: image pixels per px, from `image-set()`. */
  | { readonly kind: 'url'; readonly url: string; readonly resolution?: number }
  /** `string(name, policy)` (CSS GCPM 3 §1.1): a named string of the page, in page-margin boxes. */
  | { readonly kind: 'named-string'; readonly name: string; readonly policy: RunningPolicy }
  /** `element(name, policy)` (CSS GCPM 3 §1.2): a running element, in page-margin boxes. */
  | { readonly kind: 'element'; readonly name: string; readonly policy: RunningPolicy }
  /** `content(text | before | after | first-letter | marker)` in `string-set` (CSS GCPM 3 §1.1). */
  | { readonly kind: 'content'; readonly part: ContentPart }
  /** `target-counter(<url>, name, style)` (CSS GCPM 3 §2.1): a counter of the element a link points to. */
  | { readonly kind: 'target-counter'; readonly target: TargetRef; readonly name: string; readonly style: string }
  | { readonly kind: 'target-counters'; readonly target: TargetRef; readonly name: string; readonly separator: string; readonly style: string }
  | { readonly kind: 'target-text'; readonly target: TargetRef; readonly part: ContentPart }
  /** `leader(dotted | solid | space | <string>)` (CSS GCPM 3 §3): the pattern repeated to fill the line. */
  | { readonly kind: 'leader'; readonly pattern: string };

/**
 * A `content` list with its alternative text (`content: "\f00c" / ""`, CSS Generated Content 3
 * §2): the strings after the slash joined, or undefined when there is none. An empty one makes the
 * generated content decorative (an artifact in a tagged PDF).
 */
export type ContentList = readonly ContentItem[] & { readonly alt?: string };

/** Which assignment of a page a named string or running element shows (CSS GCPM 3 §1.1). */
export type RunningPolicy = 'first' | 'start' | 'last' | 'first-except';

export type ContentPart = 'text' | 'before' | 'after' | 'first-letter' | 'marker';

/** The element a cross-reference points to: `attr(href url)` of the element, or a `url(#id)` / `"#id"`. */
export type TargetRef = { readonly kind: 'attr'; readonly name: string } | { readonly kind: 'url'; readonly url: string };

/** One `string-set` assignment (CSS GCPM 3 §1.1). */
export interface StringSet {
  readonly name: string;
  readonly items: readonly ContentItem[];
}

export interface CounterChange {
  readonly name: string;
  readonly value: number;
}

/**
 * Every property octavo reads, computed. The registry in css/properties fills each one;
 * stages never see a declared or specified value.
 */
export interface Containment {
  readonly size: boolean;
  readonly inlineSize: boolean;
  readonly layout: boolean;
  readonly paint: boolean;
  readonly style: boolean;
}

/** Compositing and Blending 1 §3.2 `mix-blend-mode` (`plus-lighter`/`plus-darker` are drawn as `normal`). */
export type MixBlendMode = 'normal' | 'multiply' | 'screen' | 'overlay' | 'darken' | 'lighten' | 'color-dodge' | 'color-burn'
  | 'hard-light' | 'soft-light' | 'difference' | 'exclusion' | 'hue' | 'saturation' | 'color' | 'luminosity';

/** CSS Conditional 5 §6.1.1 `container-type` (`scroll-state` is interactive: invalid in print). */
export type ContainerType = 'normal' | 'size' | 'inline-size';

/**
 * An `aspect-ratio` other than `auto` (CSS Sizing 4 §5.1): width over height. `auto && <ratio>`
 * (`natural`) gives way to a replaced element's natural ratio where it has one; a plain `<ratio>`
 * overrides it.
 */
export interface PreferredRatio {
  readonly ratio: number;
  readonly natural: boolean;
}

export interface ComputedStyle extends ShapeStyle, FontSynthesisStyle, FontSizeAdjustStyle, UiStyle {
  // display & positioning (CSS Display 3, CSS2 §9)
  readonly display: Display;
  /**
   * The display before blockification (CSS Display 3 §2.7), when that changed it: an absolutely
   * positioned box that was inline-level takes its static position in its line (CSS2 §10.3.7).
   */
  readonly displayBeforeBlockify?: Display | undefined;
  /** Which of its margins are the UA sheet's quirky ones (css/quirky-margins.ts bits: 1 top, 2 bottom). */
  readonly quirkyMargins: number;
  /** `running(name)` (CSS GCPM 3 §1.2) moves the element into the page-margin boxes that show `element(name)`. */
  readonly position: 'static' | 'relative' | 'absolute' | 'fixed' | { readonly running: string };
  /**
   * `inline-start`/`inline-end` are kept: layout maps them by the containing block's direction (CSS Logical 1 §4.1).
   * `footnote` (CSS GCPM 3 §2): the element goes to the page's footnote area, a call stays in its place.
   */
  readonly float: 'none' | 'left' | 'right' | 'inline-start' | 'inline-end' | 'footnote';
  readonly clear: 'none' | 'left' | 'right' | 'both' | 'inline-start' | 'inline-end';
  readonly top: LengthPercentageAuto;
  readonly right: LengthPercentageAuto;
  readonly bottom: LengthPercentageAuto;
  readonly left: LengthPercentageAuto;
  readonly zIndex: number | 'auto';
  readonly visibility: 'visible' | 'hidden' | 'collapse';
  readonly overflowX: 'visible' | 'hidden' | 'clip' | 'scroll' | 'auto';
  /**
   * CSS Overflow 3 §5.1: what marks line content cut at the end of a clipping block's line box —
   * nothing, `…`, or a string. A second value (Firefox's form) is for the right end, the first then
   * for the left; kept as given and picked by the line's direction.
   */
  readonly textOverflow: readonly TextOverflowEnd[];
  /**
   * CSS Overflow 4 `max-lines` (set by `line-clamp`, or by `-webkit-line-clamp` on a vertical
   * `-webkit-box`, css/compute.ts): the block shows that many lines and discards what follows.
   */
  readonly maxLines: number | 'none';
  /** CSS Overflow 4 `block-ellipsis`: what ends the last line before the clamp (`clip`: `no-ellipsis`). */
  readonly blockEllipsis: TextOverflowEnd;
  /** CSS Overflow 4 `continue`: `discard` cuts the content at a page break and drops the rest (layout/block/index.ts). */
  readonly continue: 'auto' | 'discard' | 'collapse';
  /** `-webkit-line-clamp` as given: it only clamps a `-webkit-box` with `-webkit-box-orient: vertical`. */
  readonly webkitLineClamp: number | 'none';
  /** `-webkit-box-orient` (`inline-axis` is `horizontal`, `block-axis` `vertical`). */
  readonly webkitBoxOrient: 'horizontal' | 'vertical';
  /** The 2009 flexbox's properties (css/properties/webkit-box.ts), read by a `-webkit-box` and its items. */
  readonly webkitBoxPack: 'start' | 'end' | 'center' | 'justify';
  readonly webkitBoxAlign: 'stretch' | 'start' | 'end' | 'center' | 'baseline';
  readonly webkitBoxDirection: 'normal' | 'reverse';
  readonly webkitBoxFlex: number;
  readonly webkitBoxOrdinalGroup: number;
  /** `display: -webkit-box` or `-webkit-inline-box` (computed as `flex`, `inline-flex`): derived from the declared `display`. */
  readonly webkitBox: boolean;
  readonly overflowY: 'visible' | 'hidden' | 'clip' | 'scroll' | 'auto';
  readonly opacity: number;
  /** The effective zoom: the product of the element's `zoom` and its ancestors' (1 = none). */
  readonly zoom: number;
  /** CSS Writing Modes 3 §3.1 (layout/orthogonal.ts lays vertical boxes out). */
  readonly writingMode: 'horizontal-tb' | 'vertical-rl' | 'vertical-lr' | 'sideways-rl' | 'sideways-lr';
  readonly textOrientation: 'mixed' | 'upright' | 'sideways';
  readonly textCombineUpright: 'none' | 'all';
  /** CSS Text 4 §8.2: how fullwidth CJK punctuation is trimmed to half an em (layout/inline/spacing-trim.ts). */
  readonly textSpacingTrim: TextSpacingTrim;
  /** CSS Text 3 §9.2: which punctuation hangs outside the line (layout/inline/hanging-punctuation.ts). */
  readonly hangingPunctuation: HangingPunctuation;
  readonly initialLetter: InitialLetter;
  /** CSS Transforms 1 §7: the functions in order (empty for `none`). */
  readonly transform: readonly TransformFunction[];
  /**
   * CSS Transforms 2 §4, the individual transform properties (empty for `none`): already folded
   * into `transform`, before its own functions (css/compute.ts).
   */
  readonly translate: readonly TransformFunction[];
  readonly rotate: readonly TransformFunction[];
  readonly scale: readonly TransformFunction[];
  readonly transformOrigin: TransformOrigin;
  /** CSS Transforms 1 §6.2: the reference box of `transform-origin` and of a transform's percentages. */
  readonly transformBox: 'content-box' | 'border-box' | 'fill-box' | 'stroke-box' | 'view-box';
  /** `perspective` in px: boxes/perspective.ts warns where these two would change the print. */
  readonly backfaceVisibility: 'visible' | 'hidden'; readonly perspective: 'none' | number;
  readonly clipPath: ClipPath;
  /** CSS Masking 1 §5.1 `clip`; honoured on absolutely positioned boxes only. */
  readonly clip: ClipRect;
  readonly overflowClipMargin: OverflowClipMargin;
  /** CSS Sizing 4 §5.1: the preferred aspect ratio, or `auto` (a replaced element's natural ratio; none for other boxes). */
  readonly aspectRatio: PreferredRatio | 'auto';
  /** CSS Containment 2 §3: the containment types in force (`strict` and `content` expanded). */
  readonly contain: Containment;
  /** CSS Containment 2 §4 (css/properties/content-visibility.ts); its containment is in `contain`. */
  readonly contentVisibility: 'visible' | 'auto' | 'hidden';
  /** §3.3: the size a box with size containment has (px), or `none` (0). */
  readonly containIntrinsicWidth: number | 'none';
  readonly containIntrinsicHeight: number | 'none';
  /** Compositing and Blending 1 §3: the element blended with its backdrop as one group; a group that confines its descendants' blending. */
  readonly mixBlendMode: MixBlendMode;
  readonly isolation: 'auto' | 'isolate';
  /** CSS Conditional 5 §6.1: a query container's type (size containment is added to `contain`) and names. */
  readonly containerType: ContainerType;
  readonly containerName: readonly string[];

  // box model (CSS Box 3, CSS Sizing 3)
  readonly boxSizing: 'content-box' | 'border-box';
  readonly width: Size;
  readonly height: Size;
  readonly minWidth: Size;
  readonly minHeight: Size;
  readonly maxWidth: MaxSize;
  readonly maxHeight: MaxSize;
  readonly marginTop: LengthPercentageAuto;
  readonly marginRight: LengthPercentageAuto;
  readonly marginBottom: LengthPercentageAuto;
  readonly marginLeft: LengthPercentageAuto;
  readonly paddingTop: LengthPercentage;
  readonly paddingRight: LengthPercentage;
  readonly paddingBottom: LengthPercentage;
  readonly paddingLeft: LengthPercentage;
  /** Computed border widths are 0 when the side's style is none/hidden (CSS Backgrounds 3 §4.3). */
  readonly borderTopWidth: number;
  readonly borderRightWidth: number;
  readonly borderBottomWidth: number;
  readonly borderLeftWidth: number;
  readonly borderTopStyle: BorderStyle;
  readonly borderRightStyle: BorderStyle;
  readonly borderBottomStyle: BorderStyle;
  readonly borderLeftStyle: BorderStyle;
  readonly borderTopColor: Color;
  readonly borderRightColor: Color;
  readonly borderBottomColor: Color;
  readonly borderLeftColor: Color;
  /** [horizontal, vertical] radii. */
  readonly borderTopLeftRadius: readonly [LengthPercentage, LengthPercentage];
  readonly borderTopRightRadius: readonly [LengthPercentage, LengthPercentage];
  readonly borderBottomRightRadius: readonly [LengthPercentage, LengthPercentage];
  readonly borderBottomLeftRadius: readonly [LengthPercentage, LengthPercentage];

  // colour & backgrounds (CSS Color 4, CSS Backgrounds 3)
  readonly color: Color;
  /** `-webkit-text-fill-color` (Compatibility §5.1): the colour glyphs are filled with, `currentcolor` (`color`) by default. */
  readonly webkitTextFillColor: Color;
  /** `-webkit-text-stroke-width` (px; 0: glyphs are not stroked) and `-webkit-text-stroke-color` (Compatibility §5.2–5.3). */
  readonly webkitTextStrokeWidth: number;
  readonly webkitTextStrokeColor: Color;
  /** The used colour scheme (`color-scheme`). */
  readonly colorScheme: ColorScheme;
  readonly backgroundColor: Color;
  /** Background layers, top first (the image list sets the layer count; the others repeat). */
  readonly backgroundImage: readonly (CssImage | 'none')[];
  readonly backgroundPositionX: readonly PositionAxis[];
  readonly backgroundPositionY: readonly PositionAxis[];
  readonly backgroundSize: readonly BackgroundSize[];
  readonly backgroundRepeat: readonly BackgroundRepeat[];
  readonly backgroundOrigin: readonly BackgroundBox[];
  readonly backgroundClip: readonly BackgroundClip[];
  readonly backgroundAttachment: readonly BackgroundAttachment[];
  /** Compositing and Blending 1 §3.3, per layer (`normal` for none). */
  readonly backgroundBlendMode: readonly MixBlendMode[];
  readonly boxShadow: readonly BoxShadow[];
  /** Painted last to first under the text and its decorations; inherited. */
  readonly textShadow: readonly TextShadow[];
  /** Filter Effects 1 §5: the functions in order (empty for `none`). */
  readonly filter: readonly FilterFunction[];
  readonly borderImageSource: CssImage | 'none';
  readonly borderImageSlice: BorderImageSlice;
  readonly borderImageWidth: readonly [BorderImageWidth, BorderImageWidth, BorderImageWidth, BorderImageWidth];
  readonly borderImageOutset: readonly [BorderImageOutset, BorderImageOutset, BorderImageOutset, BorderImageOutset];
  readonly borderImageRepeat: readonly [BorderImageRepeat, BorderImageRepeat];
  /** CSS Masking 1 §7: a border image used as the element's mask. */
  readonly maskBorderSource: CssImage | 'none';
  readonly maskBorderSlice: BorderImageSlice;
  readonly maskBorderWidth: readonly [BorderImageWidth, BorderImageWidth, BorderImageWidth, BorderImageWidth];
  readonly maskBorderOutset: readonly [BorderImageOutset, BorderImageOutset, BorderImageOutset, BorderImageOutset];
  readonly maskBorderRepeat: readonly [BorderImageRepeat, BorderImageRepeat];
  readonly maskBorderMode: 'alpha' | 'luminance';
  /** CSS Masking 1 §6: mask layers, top first (the image list sets the layer count; the others repeat). */
  readonly maskImage: readonly (CssImage | 'none')[];
  readonly maskMode: readonly MaskMode[];
  readonly maskPosition: readonly Position[];
  readonly maskSize: readonly BackgroundSize[];
  readonly maskRepeat: readonly BackgroundRepeat[];
  readonly maskOrigin: readonly BackgroundBox[];
  readonly maskClip: readonly MaskClip[];
  readonly maskComposite: readonly MaskComposite[];
  /** px */
  readonly outlineWidth: number;
  readonly outlineStyle: BorderStyle | 'auto';
  readonly outlineColor: Color;
  /** px */
  readonly outlineOffset: number;

  // fonts (CSS Fonts 4)
  readonly fontFamily: readonly string[];
  /** px */
  readonly fontSize: number;
  /** The keyword `fontSize` is a multiple of, when it is one (FontSizeKeyword); set by compute.ts. */
  readonly fontSizeKeyword?: FontSizeKeyword | undefined;
  /** 1-1000 */
  readonly fontWeight: number;
  readonly fontStyle: FontStyleValue;
  /** percentage, 100 = normal */
  readonly fontStretch: number;
  readonly fontVariantCaps: 'normal' | FontCaps;
  readonly fontVariantNumeric: readonly string[];
  /** `font-variant-east-asian` keywords (CSS Fonts 4 §6.10), none for `normal`. */
  readonly fontVariantEastAsian: readonly string[];
  /** CSS Fonts 4 §6.4: `[]` for normal, `['none']`, or the ligature keywords given. */
  readonly fontVariantLigatures: readonly string[];
  readonly fontVariantPosition: 'normal' | 'sub' | 'super';
  readonly fontFeatureSettings: readonly { readonly tag: string; readonly value: number }[];
  /** Parsed, not applied yet (variable fonts). */
  readonly fontVariationSettings: readonly { readonly tag: string; readonly value: number }[];
  readonly fontKerning: 'auto' | 'normal' | 'none';
  readonly fontOpticalSizing: 'auto' | 'none';
  readonly lineHeight: LineHeight;

  // text (CSS Text 3, CSS Text Decoration 3)
  readonly textAlign: TextAlign;
  readonly textAlignLast: TextAlign | 'auto';
  readonly textJustify: 'auto' | 'none' | 'inter-word' | 'inter-character';
  readonly textIndent: TextIndent;
  readonly rubyPosition: 'over' | 'under';
  /** How a ruby base and its annotation share the room the wider one leaves the other (CSS Ruby 1 §4.2). */
  readonly rubyAlign: 'space-around' | 'space-between' | 'center' | 'start';
  readonly lineBreak: 'auto' | 'loose' | 'normal' | 'strict' | 'anywhere';
  readonly textTransform: 'none' | 'uppercase' | 'lowercase' | 'capitalize' | 'full-width' | 'full-size-kana';
  /** Derived from `whiteSpaceCollapse` and `textWrapMode` (CSS Text 4 §3.1): what white space processing and line breaking read. */
  readonly whiteSpace: WhiteSpace;
  readonly whiteSpaceCollapse: WhiteSpaceCollapse;
  readonly textWrapMode: TextWrapMode;
  readonly textWrapStyle: TextWrapStyle;
  /** px; `normal` computes to 0 */
  readonly letterSpacing: number;
  readonly wordSpacing: number;
  readonly overflowWrap: 'normal' | 'break-word' | 'anywhere';
  readonly wordBreak: 'normal' | 'break-all' | 'keep-all' | 'break-word' | 'auto-phrase';
  readonly hyphens: 'none' | 'manual' | 'auto';
  readonly paintOrder: PaintOrder;
  readonly textBoxTrim: TextBoxTrim;
  readonly textBoxEdge: TextBoxEdge;
  /** The string drawn at a hyphenation break; `auto`: the font's hyphen. */
  readonly hyphenateCharacter: 'auto' | { readonly text: string };
  readonly hyphenateLimitChars: HyphenateLimitChars;
  readonly tabSize: number | { readonly kind: 'number'; readonly value: number };
  readonly textDecorationLine: TextDecorationLine;
  readonly textDecorationColor: Color;
  readonly textDecorationStyle: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
  /** CSS Text Decoration 4 §2.6: underlines and overlines skip the glyphs they cross (`all` as `auto`). */
  readonly textDecorationSkipInk: 'auto' | 'none' | 'all';
  readonly textDecorationThickness: 'auto' | 'from-font' | LengthPercentage;
  /** Percentages stay relative: of 1em of the decorating box (CSS Text Decoration 4 §4.3). */
  readonly textUnderlineOffset: 'auto' | LengthPercentage;
  /** `left`/`right` (vertical text only) are read and leave horizontal text at these. */
  readonly textUnderlinePosition: 'auto' | 'from-font' | 'under';
  /** Emphasis marks (CSS Text Decoration 3 §3): drawn over or under each character of the text. */
  readonly textEmphasisStyle: TextEmphasisStyle;
  readonly textEmphasisColor: Color;
  /** Which side of the line the marks go: over or under in horizontal text, right or left in vertical text. */
  readonly textEmphasisPosition: TextEmphasisPosition;
  readonly verticalAlign: VerticalAlign;
  readonly direction: 'ltr' | 'rtl';
  readonly unicodeBidi: 'normal' | 'embed' | 'isolate' | 'bidi-override' | 'isolate-override' | 'plaintext';

  // generated content & lists (CSS Lists 3, CSS Generated Content 3)
  readonly content: 'normal' | 'none' | ContentList;
  readonly stringSet: 'none' | readonly StringSet[];
  readonly footnoteDisplay: 'block' | 'inline' | 'compact';
  /** How a footnote's call line and body may be separated (CSS GCPM 3 §2.5). */
  readonly footnotePolicy: 'auto' | 'line' | 'block';
  /** PDF outline entries (CSS GCPM 3 §5 in WeasyPrint's and Prince's form). */
  readonly bookmarkLevel: 'none' | number;
  readonly bookmarkLabel: readonly ContentItem[];
  readonly bookmarkState: 'open' | 'closed';
  readonly counterReset: readonly CounterChange[];
  readonly counterIncrement: readonly CounterChange[];
  readonly counterSet: readonly CounterChange[];
  readonly quotes: 'auto' | 'none' | readonly (readonly [string, string])[];
  /** A counter style name (`disc`, `decimal`...), a `<string>`, or `none`. */
  readonly listStyleType: string | { readonly kind: 'string'; readonly value: string };
  readonly listStylePosition: 'inside' | 'outside';
  readonly listStyleImage: string | 'none';

  // fragmentation (CSS Fragmentation 3, CSS Paged Media 3)
  readonly breakBefore: BreakValue;
  readonly breakAfter: BreakValue;
  readonly breakInside: BreakInside;
  readonly orphans: number;
  readonly widows: number;
  readonly page: string;
  readonly boxDecorationBreak: 'slice' | 'clone';

  // tables (CSS 2 §17)
  readonly tableLayout: 'auto' | 'fixed';
  readonly borderCollapse: 'separate' | 'collapse';
  /** [horizontal, vertical] px */
  readonly borderSpacing: readonly [number, number];
  readonly captionSide: 'top' | 'bottom';
  readonly emptyCells: 'show' | 'hide';

  // flexbox (CSS Flexbox 1)
  readonly flexDirection: 'row' | 'row-reverse' | 'column' | 'column-reverse';
  /** `balance` (`wrap balance`) and `wrap-reverse balance` balance the lines (as Chromium does). */
  readonly flexWrap: 'nowrap' | 'wrap' | 'wrap-reverse' | 'balance' | 'wrap-reverse balance';
  /** The least number of balanced lines. */
  readonly flexLineCount: number;
  readonly flexGrow: number;
  readonly flexShrink: number;
  /** `content` is `max-content` (the item's max-content main size). */
  readonly flexBasis: LengthPercentageAuto | 'content' | 'min-content' | 'fit-content' | 'stretch';
  readonly order: number;
  readonly justifyContent: string;
  readonly alignItems: string;
  readonly alignSelf: string;
  readonly alignContent: string;
  readonly rowGap: LengthPercentage | 'normal';
  readonly columnGap: LengthPercentage | 'normal';

  // multi-column (CSS Multi-column Layout 1)
  readonly columnCount: number | 'auto';
  /** px */
  readonly columnWidth: number | 'auto';
  /** px, as specified (a rule whose style is none/hidden is not drawn) */
  readonly columnRuleWidth: number;
  readonly columnRuleStyle: BorderStyle;
  readonly columnRuleColor: Color;
  readonly columnSpan: 'none' | 'all';
  readonly columnFill: 'auto' | 'balance' | 'balance-all';

  // grid (CSS Grid 1)
  readonly gridTemplateColumns: GridTrackList | GridSubgrid | 'none';
  readonly gridTemplateRows: GridTrackList | GridSubgrid | 'none';
  readonly gridTemplateAreas: GridAreas | 'none';
  readonly gridAutoColumns: readonly GridTrackSize[];
  readonly gridAutoRows: readonly GridTrackSize[];
  readonly gridAutoFlow: 'row' | 'column' | 'row dense' | 'column dense';
  readonly gridRowStart: GridLine;
  readonly gridRowEnd: GridLine;
  readonly gridColumnStart: GridLine;
  readonly gridColumnEnd: GridLine;
  readonly justifyItems: string;
  readonly justifySelf: string;

  // replaced content
  readonly objectFit: 'fill' | 'contain' | 'cover' | 'none' | 'scale-down';
  readonly imageRendering: 'auto' | 'smooth' | 'high-quality' | 'pixelated' | 'crisp-edges';
  /** CSS Images 3 §5.1: `none` is parsed but not honoured (EXIF orientation always applies). */
  readonly imageOrientation: 'from-image' | 'none';
  readonly objectPosition: Position;
  readonly objectViewBox: 'none' | ObjectViewBox;
}

export type { BoxPseudo, ControlPart, MeterPart, PseudoElement, RulePseudo, ScrollbarPseudo } from './pseudo-elements.js';
export type { CustomScrollbar, ScrollbarPart, ScrollbarPseudoClass, ScrollbarState } from './scrollbar-types.js';

/** An element's computed style and its pseudo-elements' (undefined for those it generates none of). */
export type ElementPseudoStyles = { readonly style: ComputedStyle } & { readonly [P in PseudoElement]?: ComputedStyle | undefined } & {
  /** The element's custom properties, with the inherited SVG properties cascaded as such (css/declarations.ts). */
  readonly custom?: ReadonlyMap<string, string>;
  /** Set when rules target the element's ::first-letter, whose style `firstLetterStyle` computes. */
  readonly firstLetter?: object | undefined;
  /** Set when rules target the element's ::first-line (`firstLineStyle`). */
  readonly firstLine?: object | undefined;
};

/** Result of the css stage: a style lookup kept beside the DOM, never written into it. */
export interface MediaContext {
  matchesMedia(condition: string): boolean;
  readonly viewportWidth: number;
  readonly viewportHeight: number;
}

export interface StyledDocument {
  /** Computed style of an element, or of one of its pseudo-elements (undefined if it generates none). */
  styleOf(element: DomElement, pseudo?: PseudoElement): ComputedStyle | undefined;
  /**
   * The element's style and its pseudo-elements' from one lookup (undefined where `styleOf` is): the
   * box builder reads the element's, its ::before's and its ::after's for every element.
   */
  stylesOf(element: DomElement): ElementPseudoStyles | undefined;
  /** Style of the root element's parent context (initial values), for anonymous page content. */
  readonly initialStyle: ComputedStyle;
  /**
   * Style of an anonymous box (CSS2 §9.2.1.1, §9.2.2.1): inherited properties from `parent`,
   * initial values for the others, and the given display. Cached per (parent, display).
   */
  anonymousStyle(parent: ComputedStyle, display: Display): ComputedStyle;
  /** The element's ::first-letter style (inline, or block when floated) under its letter's parent; undefined without rules. */
  firstLetterStyle(element: DomElement, parent: ComputedStyle): ComputedStyle | undefined;
  /** The element's ::first-line style (inline), inheriting from `parent` (the block's); undefined without rules. */
  firstLineStyle(element: DomElement, parent: ComputedStyle): ComputedStyle | undefined;
  readonly fontFaces: readonly FontFaceRule[];
  readonly pageRules: readonly PageRule[];
  /** Media conditions and the viewport (the page area) for what HTML evaluates outside CSS (`<source media>`, `sizes`). */
  readonly media: MediaContext;
  /** The predefined counter styles and the document's `@counter-style` rules (css/counter-styles.ts). */
  readonly counterStyles: CounterStyleSet;
  /** Computed style of the root element: the page context inherits from it (as in WeasyPrint). */
  readonly rootStyle?: ComputedStyle;
  /** The root element's custom properties: `var()` in `@page` and margin boxes reads them (as Chromium and WeasyPrint). */
  readonly rootCustom?: ReadonlyMap<string, string>;
  /** Page and margin-box styles kept for the next document of the same stylesheet list (css/page.ts). */
  readonly keptPageStyles?: KeptPageStyles;
  /** Styled to lint (RenderOptions.lint): `@page` and margin-box styles warn as the elements' did (css/pending-values.ts). */
  readonly lint?: boolean;
  /**
   * Some style read the size of a query container (an `@container` size query, a `cq*` unit): a
   * layout pass measures the containers and the document is styled again (container-passes.ts).
   */
  readonly containerSizeDependent?: boolean;
  /**
   * Some length read the estimated metrics of a font not known before fonts load (`ex`, `ch` or
   * `cap` of a web font: values/font-metrics.ts); the render styles the document again once its
   * fonts are loaded.
   */
  readonly estimatedFontUnits?: boolean;
}

/**
 * What page boxes and margin boxes are computed from: the `@page` rules and the root's style,
 * without every element's (a long document's largest map, which layout does not need).
 */
export type PageRuleSource = Pick<StyledDocument, 'pageRules' | 'rootStyle' | 'rootCustom' | 'initialStyle' | 'keptPageStyles' | 'lint'>;

/** One `src` of an `@font-face` rule: a font file, or a font installed on the machine by its full or PostScript name. */
export type FontSource = { readonly url: string; readonly format?: string } | { readonly local: string };

/** An `@font-face` rule after validation; `src` URLs already absolute. */
export interface FontFaceRule {
  readonly family: string;
  readonly sources: readonly FontSource[];
  /** [min, max] of `font-weight` (a single weight is [w, w]). */
  readonly weight: readonly [number, number];
  readonly style: FontStyle;
  readonly stretch: readonly [number, number];
  /** `font-weight` / `font-stretch` are `auto` (or not written): a variable font's wght / wdth range, else the values above. */
  readonly autoWeight?: true;
  readonly autoStretch?: true;
  /** The `font-variation-settings` descriptor (not `normal`). */
  readonly variations?: readonly { readonly tag: string; readonly value: number }[];
  /** Inclusive code point ranges; empty = everything. */
  readonly unicodeRange: readonly (readonly [number, number])[];
  /** `size-adjust` and the metric overrides, when written (not `100%` / `normal`). */
  readonly metricOverrides?: FontMetricOverrides;
  /** Where the rule is: in its sheet when parsed, in the document's files once collected (cascade). */
  readonly where?: { readonly file?: string; readonly line?: number; readonly column?: number };
}

/**
 * `@font-face` metric descriptors (CSS Fonts 5 §4.10–4.11): `size-adjust` scales the face's
 * glyphs and every metric; `ascent-override`, `descent-override` and `line-gap-override` replace
 * the font's own, as fractions of the font size (then scaled by `size-adjust` too). next/font,
 * Fontaine and Capsize write them on fallback faces so that a local font takes the web font's room.
 */
export interface FontMetricOverrides {
  readonly sizeAdjust?: number;
  readonly ascent?: number;
  readonly descent?: number;
  readonly lineGap?: number;
}

/** What `white-space: pre` sets, for the styles of boxes octavo makes (markers, leaders, form fields). */
export const WHITE_SPACE_PRE = { whiteSpace: 'pre', whiteSpaceCollapse: 'preserve', textWrapMode: 'nowrap' } as const;

export const TRANSPARENT: Color = { r: 0, g: 0, b: 0, a: 0 };
export const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };
