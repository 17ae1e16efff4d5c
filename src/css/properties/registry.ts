/**
 * The property registry: every longhand octavo computes (one per `ComputedStyle` field), the
 * shorthands that expand into them, flow-relative and legacy aliases, and the list of valid but
 * unsupported properties. Longhands are ordered for computation: `zoom` first (it scales lengths),
 * `writing-mode` (`vi`, `vb`, font-size's too), `font-family` (a `monospace` font's keyword sizes),
 * `font-size` (em units), then `color-scheme` and `color` (currentcolor, light-dark()), then the rest.
 */
import { BACKGROUND_PROPERTIES } from './backgrounds.js';
import { BORDER_IMAGE_PROPERTIES, MASK_BORDER_PROPERTIES } from './border-image.js';
import { MASK_ALIASES, MASK_PROPERTIES } from './masks.js';
import { BORDER_PROPERTIES } from './borders.js';
import { EFFECT_PROPERTIES } from './effects.js';
import { FILTER_PROPERTIES } from './filter.js';
import { BOX_PROPERTIES } from './box.js';
import { CONTENT_PROPERTIES } from './content.js';
import type { LonghandDef, PropertyDef, ShorthandDef, StyleKey } from './define.js';
import { DISPLAY_PROPERTIES } from './display.js';
import { CONTAINER_PROPERTIES } from './containers.js';
import { CONTENT_VISIBILITY_PROPERTIES } from './content-visibility.js';
import { FLEX_ALIASES, FLEX_PROPERTIES } from './flexbox.js';
import { FONT_PROPERTIES } from './fonts.js';
import { FONT_SYNTHESIS_PROPERTIES } from './font-synthesis.js';
import { FONT_SIZE_ADJUST_PROPERTIES } from './font-size-adjust.js';
import { GRID_PROPERTIES } from './grid.js';
import { FRAGMENTATION_ALIASES, FRAGMENTATION_PROPERTIES } from './fragmentation.js';
import { LIST_PROPERTIES } from './lists.js';
import { MULTICOL_PROPERTIES } from './multicol.js';
import type { LogicalDef } from './logical.js';
import { LOGICAL_LONGHANDS, logicalBorderShorthands, logicalShorthands } from './logical.js';
import { TABLE_PROPERTIES } from './tables.js';
import { TEXT_DECORATION_PROPERTIES } from './text-decoration.js';
import { TEXT_ALIASES, TEXT_PROPERTIES } from './text.js';
import { HYPHENATION_ALIASES, HYPHENATION_PROPERTIES } from './hyphenation.js';
import { PAINT_ORDER_PROPERTIES } from './paint-order.js';
import { TEXT_BOX_PROPERTIES } from './text-box.js';
import { TRANSFORM_ALIASES, TRANSFORM_PROPERTIES } from './transforms.js';
import { SHAPE_PROPERTIES } from './shapes.js';
import { UI_PROPERTIES } from './ui.js';
import { ZOOM_PROPERTIES } from './zoom.js';
import { WRITING_MODE_PROPERTIES } from './writing-modes.js';
import { IGNORED_PROPERTIES, UNSUPPORTED_PROPERTIES, isOtherProgramsProperty } from './unsupported.js';
import { WEBKIT_ALIASES } from './webkit-aliases.js';
import { WEBKIT_BOX_PROPERTIES } from './webkit-box.js';
import { COMPOSITING_PROPERTIES } from './compositing.js';

export type { LogicalDef };
export type RegisteredProperty = PropertyDef | LogicalDef;

const MODULES: readonly PropertyDef[] = [
  ...FONT_PROPERTIES,
  ...FONT_SYNTHESIS_PROPERTIES,
  ...FONT_SIZE_ADJUST_PROPERTIES,
  ...BACKGROUND_PROPERTIES,
  ...BORDER_IMAGE_PROPERTIES,
  ...MASK_BORDER_PROPERTIES,
  ...MASK_PROPERTIES,
  ...DISPLAY_PROPERTIES,
  ...CONTAINER_PROPERTIES,
  ...CONTENT_VISIBILITY_PROPERTIES,
  ...WEBKIT_BOX_PROPERTIES,
  ...COMPOSITING_PROPERTIES,
  ...BOX_PROPERTIES,
  ...BORDER_PROPERTIES,
  ...EFFECT_PROPERTIES,
  ...FILTER_PROPERTIES,
  ...TRANSFORM_PROPERTIES,
  ...SHAPE_PROPERTIES,
  ...TEXT_PROPERTIES,
  ...HYPHENATION_PROPERTIES,
  ...PAINT_ORDER_PROPERTIES,
  ...TEXT_BOX_PROPERTIES,
  ...TEXT_DECORATION_PROPERTIES,
  ...CONTENT_PROPERTIES,
  ...LIST_PROPERTIES,
  ...FRAGMENTATION_PROPERTIES,
  ...TABLE_PROPERTIES,
  ...FLEX_PROPERTIES,
  ...GRID_PROPERTIES,
  ...MULTICOL_PROPERTIES,
  ...ZOOM_PROPERTIES,
  ...UI_PROPERTIES,
  ...WRITING_MODE_PROPERTIES,
];

/** Legacy and vendor names that are plain aliases (CSS Cascade 4 "legacy name aliases"). */
const ALIASES: Readonly<Record<string, string>> = {
  ...TEXT_ALIASES,
  ...HYPHENATION_ALIASES,
  ...FRAGMENTATION_ALIASES,
  ...FLEX_ALIASES,
  ...TRANSFORM_ALIASES,
  ...MASK_ALIASES,
  '-webkit-box-sizing': 'box-sizing',
  '-moz-box-sizing': 'box-sizing',
  '-webkit-border-radius': 'border-radius',
  '-webkit-background-clip': 'background-clip',
  '-webkit-text-decoration': 'text-decoration',
  '-webkit-text-decoration-line': 'text-decoration-line',
  '-webkit-text-decoration-color': 'text-decoration-color',
  '-webkit-text-decoration-style': 'text-decoration-style',
  '-webkit-font-feature-settings': 'font-feature-settings',
  '-moz-font-feature-settings': 'font-feature-settings',
  '-webkit-font-kerning': 'font-kerning',
  '-webkit-tab-size': 'tab-size',
  '-moz-tab-size': 'tab-size',
  '-webkit-opacity': 'opacity',
  '-webkit-appearance': 'appearance',
  '-moz-appearance': 'appearance',
  ...WEBKIT_ALIASES,
};

/** Longhands in computation order. */
export const LONGHANDS: readonly LonghandDef<StyleKey, unknown>[] = (() => {
  const all = MODULES.filter((def): def is LonghandDef<StyleKey, unknown> => def.kind === 'longhand');
  // the font's face (family, weight, style, stretch) before `font-size`, whose `ex` and `ch` are that face's
  const first = ['zoom', 'writing-mode', 'font-family', 'font-weight', 'font-style', 'font-stretch', 'font-size', 'color-scheme', 'color'];
  return [...first.map((name) => all.find((def) => def.name === name)!), ...all.filter((def) => !first.includes(def.name))];
})();

export const LONGHAND_INDEX: ReadonlyMap<string, number> = new Map(LONGHANDS.map((def, index) => [def.name, index]));

const BY_NAME: ReadonlyMap<string, RegisteredProperty> = (() => {
  const map = new Map<string, RegisteredProperty>();
  for (const def of MODULES) map.set(def.name, def);
  for (const def of LOGICAL_LONGHANDS) map.set(def.name, def);
  const physicalParser = (name: string) => (map.get(name) as LonghandDef).parse;
  for (const def of logicalShorthands(physicalParser)) map.set(def.name, def);
  const borderTop = map.get('border-top') as ShorthandDef;
  for (const def of logicalBorderShorthands(borderTop.parse)) map.set(def.name, def);
  for (const name of UNSUPPORTED_PROPERTIES) if (!map.has(name)) map.set(name, { kind: 'unsupported', name });
  for (const [alias, target] of Object.entries(ALIASES)) map.set(alias, map.get(target)!);
  return map;
})();

export type PropertyLookup =
  | { readonly kind: 'known'; readonly def: RegisteredProperty }
  | { readonly kind: 'ignored' }
  | { readonly kind: 'unknown' };

/** Looks a property name up (case-insensitive): known, silently ignored, or unknown. */
export function lookupProperty(name: string): PropertyLookup {
  const lower = name.toLowerCase();
  const def = BY_NAME.get(lower);
  if (def !== undefined) return { kind: 'known', def };
  if (IGNORED_PROPERTIES.has(lower) || isOtherProgramsProperty(lower)) return { kind: 'ignored' };
  return { kind: 'unknown' };
}

/** Every field of ComputedStyle, so that the registry's completeness is checked at load time. */
const STYLE_KEYS: Record<StyleKey, true> = {
  display: true, webkitTextFillColor: true, webkitTextStrokeWidth: true, webkitTextStrokeColor: true, stringSet: true, footnoteDisplay: true, footnotePolicy: true, bookmarkLevel: true, bookmarkLabel: true, bookmarkState: true, position: true, float: true, clear: true, top: true, right: true, bottom: true, left: true,
  zIndex: true, visibility: true, overflowX: true, overflowY: true, textOverflow: true, maxLines: true, blockEllipsis: true, webkitLineClamp: true, webkitBoxOrient: true, webkitBoxPack: true, webkitBoxAlign: true, webkitBoxDirection: true, webkitBoxFlex: true, webkitBoxOrdinalGroup: true, opacity: true, zoom: true, appearance: true, accentColor: true, fieldSizing: true, resize: true, scrollbarWidth: true, scrollbarGutter: true, scrollbarColor: true, writingMode: true, textOrientation: true, textCombineUpright: true, textSpacingTrim: true, transform: true, translate: true, rotate: true, scale: true, transformOrigin: true, transformBox: true, backfaceVisibility: true, perspective: true, clipPath: true, clip: true, overflowClipMargin: true, shapeOutside: true, shapeMargin: true, shapeImageThreshold: true, contain: true, contentVisibility: true, containIntrinsicWidth: true, containIntrinsicHeight: true, mixBlendMode: true, backgroundBlendMode: true, isolation: true, containerType: true, containerName: true, aspectRatio: true, boxSizing: true, width: true,
  continue: true, hangingPunctuation: true, initialLetter: true,
  height: true, minWidth: true, minHeight: true, maxWidth: true, maxHeight: true, marginTop: true, marginRight: true,
  marginBottom: true, marginLeft: true, paddingTop: true, paddingRight: true, paddingBottom: true, paddingLeft: true,
  borderTopWidth: true, borderRightWidth: true, borderBottomWidth: true, borderLeftWidth: true, borderTopStyle: true,
  borderRightStyle: true, borderBottomStyle: true, borderLeftStyle: true, borderTopColor: true, borderRightColor: true,
  borderBottomColor: true, borderLeftColor: true, borderTopLeftRadius: true, borderTopRightRadius: true,
  borderBottomRightRadius: true, borderBottomLeftRadius: true, color: true, backgroundColor: true,
  backgroundImage: true, backgroundPositionX: true, backgroundPositionY: true, backgroundSize: true, backgroundRepeat: true,
  backgroundOrigin: true, backgroundClip: true, backgroundAttachment: true, colorScheme: true, boxShadow: true,
  textShadow: true, filter: true,
  borderImageSource: true, borderImageSlice: true, borderImageWidth: true, borderImageOutset: true, borderImageRepeat: true, maskBorderSource: true, maskBorderSlice: true, maskBorderWidth: true, maskBorderOutset: true, maskBorderRepeat: true, maskBorderMode: true, maskImage: true, maskMode: true, maskPosition: true, maskSize: true, maskRepeat: true, maskOrigin: true, maskClip: true, maskComposite: true, outlineWidth: true, outlineStyle: true, outlineColor: true,
  outlineOffset: true, fontFamily: true, fontSize: true, fontWeight: true, fontStyle: true, fontStretch: true,
  fontVariantCaps: true, fontVariantNumeric: true, fontVariantEastAsian: true, fontVariantLigatures: true, fontVariantPosition: true, fontFeatureSettings: true, fontVariationSettings: true, fontKerning: true, fontOpticalSizing: true, fontSynthesisWeight: true, fontSynthesisStyle: true, fontSynthesisSmallCaps: true, fontSynthesisPosition: true, fontSizeAdjust: true, lineHeight: true,
  textAlign: true, textAlignLast: true, textJustify: true, textIndent: true, rubyPosition: true, rubyAlign: true, lineBreak: true, textTransform: true, whiteSpaceCollapse: true, textWrapMode: true, textWrapStyle: true, letterSpacing: true,
  wordSpacing: true, overflowWrap: true, wordBreak: true, hyphens: true, hyphenateCharacter: true, hyphenateLimitChars: true, paintOrder: true, textBoxTrim: true, textBoxEdge: true, tabSize: true, textDecorationLine: true,
  textDecorationColor: true, textDecorationStyle: true, textDecorationSkipInk: true, textDecorationThickness: true, textUnderlineOffset: true, textUnderlinePosition: true, textEmphasisStyle: true, textEmphasisColor: true, textEmphasisPosition: true, verticalAlign: true,
  direction: true, unicodeBidi: true, content: true, counterReset: true, counterIncrement: true, counterSet: true,
  quotes: true, listStyleType: true, listStylePosition: true, listStyleImage: true, breakBefore: true,
  breakAfter: true, breakInside: true, orphans: true, widows: true, page: true, boxDecorationBreak: true,
  tableLayout: true, borderCollapse: true, borderSpacing: true, captionSide: true, emptyCells: true,
  flexDirection: true, flexWrap: true, flexLineCount: true, flexGrow: true, flexShrink: true, flexBasis: true, order: true,
  justifyContent: true, alignItems: true, alignSelf: true, alignContent: true, rowGap: true, columnGap: true,
  gridTemplateColumns: true, gridTemplateRows: true, gridTemplateAreas: true, gridAutoColumns: true, gridAutoRows: true,
  gridAutoFlow: true, gridRowStart: true, gridRowEnd: true, gridColumnStart: true, gridColumnEnd: true,
  justifyItems: true, justifySelf: true,
  columnCount: true, columnWidth: true, columnRuleWidth: true, columnRuleStyle: true, columnRuleColor: true, columnSpan: true, columnFill: true,
  objectFit: true, objectPosition: true, objectViewBox: true, imageRendering: true, imageOrientation: true,
};

(function checkCompleteness(): void {
  const covered = new Set(LONGHANDS.map((def) => def.key));
  const missing = Object.keys(STYLE_KEYS).filter((key) => !covered.has(key as StyleKey));
  if (missing.length > 0 || covered.size !== LONGHANDS.length) {
    throw new Error(`css property registry does not cover ComputedStyle exactly: missing ${missing.join(', ')}`);
  }
})();
