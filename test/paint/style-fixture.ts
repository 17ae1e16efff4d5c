/**
 * A complete ComputedStyle of CSS initial values for paint tests (the css stage owns the real
 * one; paint tests build their own so they do not depend on it), plus small fragment builders.
 */
import type { Box, BoxElement } from '../../src/boxes/types.js';
import type { Color, ComputedStyle, PageStyle } from '../../src/css/types.js';
import type { Position } from '../../src/css/image-types.js';

const CENTER: Position = { x: { edge: 'start', offset: { kind: 'percent', value: 50 } }, y: { edge: 'start', offset: { kind: 'percent', value: 50 } } };
import type { DomElement } from '../../src/dom/types.js';
import type { Sides } from '../../src/geometry/types.js';
import type { BoxFragment, Fragment, PageLayout } from '../../src/layout/types.js';

export const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };
export const TRANSPARENT: Color = { r: 0, g: 0, b: 0, a: 0 };
export const RED: Color = { r: 255, g: 0, b: 0, a: 1 };
export const BLUE: Color = { r: 0, g: 0, b: 255, a: 1 };
export const LIME: Color = { r: 0, g: 255, b: 0, a: 1 };

export const INITIAL_STYLE: ComputedStyle = {
  display: 'inline', position: 'static', float: 'none', clear: 'none',
  top: 'auto', right: 'auto', bottom: 'auto', left: 'auto', zIndex: 'auto',
  quirkyMargins: 0, visibility: 'visible', overflowX: 'visible', overflowY: 'visible', textOverflow: ['clip'], maxLines: 'none', blockEllipsis: 'clip', continue: 'auto', webkitLineClamp: 'none', webkitBoxOrient: 'horizontal', webkitBoxPack: 'start', webkitBoxAlign: 'stretch', webkitBoxDirection: 'normal', webkitBoxFlex: 0, webkitBoxOrdinalGroup: 1, webkitBox: false, zoom: 1, appearance: 'auto', fieldSizing: 'fixed', resize: 'none', scrollbarWidth: 'auto', scrollbarGutter: 'auto', scrollbarColor: 'auto', accentColor: 'auto', writingMode: 'horizontal-tb', textOrientation: 'mixed', textCombineUpright: 'none', textSpacingTrim: 'normal', hangingPunctuation: { first: false, end: 'none', last: false }, initialLetter: 'normal', translate: [], rotate: [], scale: [], aspectRatio: 'auto', contain: { size: false, inlineSize: false, layout: false, paint: false, style: false }, containerType: 'normal', containerName: [], mixBlendMode: 'normal', backgroundBlendMode: ['normal'], isolation: 'auto', opacity: 1,
  transform: [], transformOrigin: { x: { kind: 'percent', value: 50 }, y: { kind: 'percent', value: 50 }, z: 0 }, transformBox: 'view-box', backfaceVisibility: 'visible', perspective: 'none', clipPath: 'none', clip: 'auto', overflowClipMargin: { box: 'padding-box', margin: 0 }, shapeOutside: 'none', shapeMargin: 0, shapeImageThreshold: 0, fontSynthesisWeight: 'auto', fontSynthesisStyle: 'auto', fontSynthesisSmallCaps: 'auto', fontSynthesisPosition: 'auto', fontSizeAdjust: 'none', rubyPosition: 'over', rubyAlign: 'space-around', lineBreak: 'auto', contentVisibility: 'visible', containIntrinsicWidth: 'none', containIntrinsicHeight: 'none',
  boxSizing: 'content-box', width: 'auto', height: 'auto', minWidth: 'auto', minHeight: 'auto', maxWidth: 'none', maxHeight: 'none',
  marginTop: 0, marginRight: 0, marginBottom: 0, marginLeft: 0,
  paddingTop: 0, paddingRight: 0, paddingBottom: 0, paddingLeft: 0,
  borderTopWidth: 0, borderRightWidth: 0, borderBottomWidth: 0, borderLeftWidth: 0,
  borderTopStyle: 'none', borderRightStyle: 'none', borderBottomStyle: 'none', borderLeftStyle: 'none',
  borderTopColor: BLACK, borderRightColor: BLACK, borderBottomColor: BLACK, borderLeftColor: BLACK,
  borderTopLeftRadius: [0, 0], borderTopRightRadius: [0, 0], borderBottomRightRadius: [0, 0], borderBottomLeftRadius: [0, 0],
  color: BLACK, webkitTextFillColor: BLACK, webkitTextStrokeWidth: 0, webkitTextStrokeColor: BLACK, backgroundColor: TRANSPARENT, backgroundImage: ['none'],
  backgroundPositionX: [{ edge: 'start', offset: { kind: 'percent', value: 0 } }], backgroundPositionY: [{ edge: 'start', offset: { kind: 'percent', value: 0 } }], backgroundSize: [{ width: 'auto', height: 'auto' }], backgroundRepeat: [{ x: 'repeat', y: 'repeat' }],
  backgroundOrigin: ['padding-box'], backgroundClip: ['border-box'], backgroundAttachment: ['scroll'], colorScheme: 'light', boxShadow: [], textShadow: [], filter: [],
  borderImageSource: 'none', borderImageSlice: { offsets: [{ kind: 'percent', value: 100 }, { kind: 'percent', value: 100 }, { kind: 'percent', value: 100 }, { kind: 'percent', value: 100 }], fill: false },
  borderImageWidth: [{ kind: 'number', value: 1 }, { kind: 'number', value: 1 }, { kind: 'number', value: 1 }, { kind: 'number', value: 1 }],
  borderImageOutset: [{ kind: 'number', value: 0 }, { kind: 'number', value: 0 }, { kind: 'number', value: 0 }, { kind: 'number', value: 0 }], borderImageRepeat: ['stretch', 'stretch'],
  maskBorderSource: 'none', maskBorderSlice: { offsets: [{ kind: 'number', value: 0 }, { kind: 'number', value: 0 }, { kind: 'number', value: 0 }, { kind: 'number', value: 0 }], fill: false },
  maskBorderWidth: ['auto', 'auto', 'auto', 'auto'],
  maskBorderOutset: [{ kind: 'number', value: 0 }, { kind: 'number', value: 0 }, { kind: 'number', value: 0 }, { kind: 'number', value: 0 }], maskBorderRepeat: ['stretch', 'stretch'], maskBorderMode: 'alpha',
  maskImage: ['none'], maskMode: ['match-source'], maskPosition: [{ x: { edge: 'start', offset: { kind: 'percent', value: 0 } }, y: { edge: 'start', offset: { kind: 'percent', value: 0 } } }], maskSize: [{ width: 'auto', height: 'auto' }], maskRepeat: [{ x: 'repeat', y: 'repeat' }], maskOrigin: ['border-box'], maskClip: ['border-box'], maskComposite: ['add'],
  outlineWidth: 3, outlineStyle: 'none', outlineColor: BLACK, outlineOffset: 0,
  fontFamily: ['serif'], fontSize: 16, fontWeight: 400, fontStyle: 'normal', fontStretch: 100,
  fontVariantCaps: 'normal', fontVariantNumeric: [], fontVariantEastAsian: [], fontVariantLigatures: [], fontVariantPosition: 'normal', fontFeatureSettings: [], fontVariationSettings: [], fontKerning: 'auto', fontOpticalSizing: 'auto', lineHeight: 'normal',
  textAlign: 'start', textAlignLast: 'auto', textJustify: 'auto', textIndent: { length: 0, hanging: false, eachLine: false }, textTransform: 'none', whiteSpace: 'normal', whiteSpaceCollapse: 'collapse', textWrapMode: 'wrap', textWrapStyle: 'auto',
  letterSpacing: 0, wordSpacing: 0, overflowWrap: 'normal', wordBreak: 'normal', hyphens: 'manual', hyphenateCharacter: 'auto', hyphenateLimitChars: { word: 'auto', before: 'auto', after: 'auto' }, paintOrder: ['fill', 'stroke', 'markers'], textBoxTrim: 'none', textBoxEdge: { over: 'text', under: 'text' }, tabSize: 8,
  textDecorationLine: { underline: false, overline: false, lineThrough: false },
  textDecorationColor: BLACK, textDecorationStyle: 'solid', textDecorationSkipInk: 'none', textDecorationThickness: 'auto', textUnderlineOffset: 'auto', textUnderlinePosition: 'auto', textEmphasisStyle: 'none', textEmphasisColor: BLACK, textEmphasisPosition: { over: true, right: true },
  verticalAlign: 'baseline', direction: 'ltr', unicodeBidi: 'normal',
  content: 'normal', stringSet: 'none', footnoteDisplay: 'block', footnotePolicy: 'auto', bookmarkLevel: 'none', bookmarkLabel: [{ kind: 'content', part: 'text' }], bookmarkState: 'open', counterReset: [], counterIncrement: [], counterSet: [], quotes: 'auto',
  listStyleType: 'disc', listStylePosition: 'outside', listStyleImage: 'none',
  breakBefore: 'auto', breakAfter: 'auto', breakInside: 'auto', orphans: 2, widows: 2, page: 'auto', boxDecorationBreak: 'slice',
  tableLayout: 'auto', borderCollapse: 'separate', borderSpacing: [0, 0], captionSide: 'top', emptyCells: 'show',
  flexDirection: 'row', flexWrap: 'nowrap', flexLineCount: 1, flexGrow: 0, flexShrink: 1, flexBasis: 'auto', order: 0,
  justifyContent: 'normal', alignItems: 'normal', alignSelf: 'auto', alignContent: 'normal', rowGap: 'normal', columnGap: 'normal',
  columnCount: 'auto', columnWidth: 'auto', columnRuleWidth: 3, columnRuleStyle: 'none', columnRuleColor: BLACK, columnSpan: 'none', columnFill: 'balance',
  gridTemplateColumns: 'none', gridTemplateRows: 'none', gridTemplateAreas: 'none',
  gridAutoColumns: [{ kind: 'minmax', min: 'auto', max: 'auto' }], gridAutoRows: [{ kind: 'minmax', min: 'auto', max: 'auto' }],
  gridAutoFlow: 'row', gridRowStart: 'auto', gridRowEnd: 'auto', gridColumnStart: 'auto', gridColumnEnd: 'auto',
  justifyItems: 'normal', justifySelf: 'auto',
  objectFit: 'fill', imageRendering: 'auto', imageOrientation: 'from-image', objectPosition: CENTER, objectViewBox: 'none',
};

export function style(overrides: Partial<ComputedStyle> = {}): ComputedStyle {
  // the glyphs' fill is `currentcolor` unless a test sets it, as the cascade computes it
  return { ...INITIAL_STYLE, display: 'block', webkitTextFillColor: overrides.color ?? INITIAL_STYLE.color, ...overrides };
}

/** A solid border of `width` and `color` on every side. */
export function solidBorder(width: number, color: Color): Partial<ComputedStyle> {
  return {
    borderTopWidth: width, borderRightWidth: width, borderBottomWidth: width, borderLeftWidth: width,
    borderTopStyle: 'solid', borderRightStyle: 'solid', borderBottomStyle: 'solid', borderLeftStyle: 'solid',
    borderTopColor: color, borderRightColor: color, borderBottomColor: color, borderLeftColor: color,
  };
}

/** A box's record of its element as a tagged render keeps it, with a stand-in for the domhandler element (paint reads name, attribs, children). */
export function element(name: string, attribs: Record<string, string> = {}, text?: string): BoxElement {
  const children = text === undefined ? [] : [{ type: 'text', data: text }];
  return { name, attribs, parent: undefined, sourceOffset: null, order: 0, orderEnd: 0, dom: { type: 'tag', name, attribs, children } as unknown as DomElement };
}

export interface BoxOptions {
  readonly style?: ComputedStyle;
  readonly element?: BoxElement;
  readonly kind?: 'block' | 'inline';
  readonly outer?: 'block' | 'inline';
  readonly border?: Sides;
  readonly children?: readonly Fragment[];
  readonly continuedBefore?: boolean;
  readonly continuedAfter?: boolean;
}

export function boxFragment(x: number, y: number, width: number, height: number, options: BoxOptions = {}): BoxFragment {
  const s = options.style ?? style();
  const kind = options.kind ?? 'block';
  const box = (kind === 'block'
    ? { kind, style: s, element: options.element, pseudo: undefined, outer: options.outer ?? 'block', children: [], inlineContent: false }
    : { kind, style: s, element: options.element, pseudo: undefined, children: [] }) as Box;
  return {
    kind: 'box', box, style: s, x, y, width, height,
    border: options.border ?? { top: s.borderTopWidth, right: s.borderRightWidth, bottom: s.borderBottomWidth, left: s.borderLeftWidth },
    padding: { top: 0, right: 0, bottom: 0, left: 0 },
    children: options.children ?? [],
    continuedBefore: options.continuedBefore ?? false,
    continuedAfter: options.continuedAfter ?? false,
  };
}

export function page(width: number, height: number, children: readonly Fragment[], pageStyle: ComputedStyle = style(), margins: Sides = { top: 0, right: 0, bottom: 0, left: 0 }): PageLayout {
  const ps: PageStyle = { width, height, marginTop: margins.top, marginRight: margins.right, marginBottom: margins.bottom, marginLeft: margins.left, style: pageStyle };
  return { index: 0, width, height, pageStyle: ps, margins, children, marginBoxes: [], blank: false };
}
