/**
 * The slider, the colour well and the file chooser Chromium 156 prints for `<input type=range>`,
 * `<input type=color>` and `<input type=file>` (measured at 768 dpi): a 129 × 16 slider — a 127 × 8 rounded track, grey
 * (#efefef inside #b2b2b2; #3b3b3b inside #858585 beside a light accent) with the value's part in the accent colour, under a 16px thumb; a 50 × 27
 * button-grey box whose 40 × 15 swatch of the value, bordered #777, sits 4px inside its content box
 * at the top and bottom and 2px at the sides. The slider is an image, so that `width` and `height`
 * scale it as in Chromium (with `appearance: none`, boxes of its parts as the author's CSS styles
 * them); the well is boxes, so that the author's box styles apply.
 */
import type { Color, ComputedStyle, ElementPseudoStyles } from '../css/types.js';
import { rangeFraction } from './form-values.js';
import { WHITE_SPACE_PRE } from '../css/types.js';
import { fontRelativeRatios } from '../css/values/font-metrics.js';
import { restyled } from '../css/compute.js';
import type { DomElement } from '../dom/types.js';
import type { AnonymousBoxBuild, BlockBox, BoxElement, FlexBox, InlineLevelBox, ReplacedBox } from './types.js';
import { baselineAboveMarginEdge, hex, lengthOrZero, onBorderBoxBaseline, roundRadii, solidBorder } from './control-style.js';
import { trackColors } from './accent-contrast.js';

export function rangeBox(element: DomElement, style: ComputedStyle, at: { source: BoxElement; outer: 'block' | 'inline'; accent: Color }): ReplacedBox {
  const fraction = rangeFraction(element.attribs);
  const thumb = 8 + fraction * (129 - 16);
  const accent = hex(at.accent);
  // a light accent darkens the unfilled track (accent-contrast.ts)
  const track = trackColors(at.accent);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="129" height="16" viewBox="0 0 129 16">'
    + `<rect x="1.5" y="4.5" width="126" height="7" rx="3.5" fill="${hex(track.fill)}" stroke="${hex(track.border)}"/>`
    + `<rect x="1.5" y="4.5" width="${Math.max(0, thumb - 1.5)}" height="7" rx="3.5" fill="${accent}" stroke="${accent}"/>`
    + `<circle cx="${thumb}" cy="8" r="8" fill="${accent}"/></svg>`;
  return { kind: 'replaced', outer: at.outer, src: `data:image/svg+xml,${encodeURIComponent(svg)}`, alt: '', style: onBorderBoxBaseline(style), element: at.source, pseudo: undefined };
}


/** Chromium's slider: 129px wide, its native thumb a 16px disc of the accent colour. */
const SLIDER_WIDTH = 129;
const NATIVE_THUMB = 16;

/**
 * A slider whose `appearance` is `none`, from its parts as Chromium builds it: a flex row as tall
 * as the control holding the track (`::-webkit-slider-runnable-track`, centred, as wide as the
 * row), and in the track the thumb (`::-webkit-slider-thumb`) moved along by the value over the
 * track's width less its own — a rail that much narrower carries it, its left margin the value's
 * percentage. A thumb whose own `appearance` is not `none` keeps its native look.
 */
export function styledRangeBox(build: AnonymousBoxBuild, element: DomElement, style: ComputedStyle, at: { source: BoxElement; outer: 'block' | 'inline'; accent: Color; parts: ElementPseudoStyles }): BlockBox {
  const control = style.width === 'auto' ? restyled(style, { width: SLIDER_WIDTH }) : style;
  const track = at.parts['slider-track'];
  if (track === undefined || track.display === 'none') return build.block(onBorderBoxBaseline(control), [], at.outer, at.source);
  const thumbStyle = at.parts['slider-thumb'];
  const thumb = thumbStyle === undefined || thumbStyle.display === 'none' ? undefined
    : thumbStyle.appearance === 'none' ? thumbStyle
      : restyled(thumbStyle, { width: NATIVE_THUMB, height: NATIVE_THUMB, ...roundRadii(NATIVE_THUMB / 2), backgroundColor: at.accent });
  // the thumb's travel leaves out its whole border box
  const thumbWidth = thumb !== undefined && typeof thumb.width === 'number' ? thumb.width + (thumb.boxSizing === 'border-box' ? 0 : edgesAcross(thumb)) : 0;
  const moved = thumb === undefined ? [] : [build.block(restyled(thumb, { marginLeft: { kind: 'percent', value: rangeFraction(element.attribs) * 100 } }), [], 'block', undefined)];
  const rail = build.block(restyled(build.anonymousStyle(track, 'block'), { marginRight: thumbWidth }), moved, 'block', undefined);
  const trackBox = build.block(restyled(track, { flexGrow: 1, flexShrink: 1, minWidth: 0, alignSelf: 'center' }), [rail], 'block', undefined);
  const rowStyle = restyled(build.anonymousStyle(control, 'flex'), { height: typeof control.height === 'number' ? { kind: 'percent', value: 100 } : 'auto' });
  const row: FlexBox = { kind: 'flex', outer: 'block', style: rowStyle, element: undefined, pseudo: undefined, children: [trackBox] };
  // Chromium's slider sits on the baseline by its border box's bottom, whatever its parts
  return { ...build.block(onBorderBoxBaseline(control), [row], at.outer, at.source), baselineAtMarginEdge: true };
}

/** A colour well: the value's swatch inside the control's box (a value that is not `#rrggbb` is black, HTML §4.10.5.1.16). */
export function colorBox(build: AnonymousBoxBuild, element: DomElement, style: ComputedStyle, at: { source: BoxElement; outer: 'block' | 'inline' }): BlockBox {
  const value = (element.attribs['value'] ?? '').trim();
  const fill = /^#[0-9a-f]{6}$/i.test(value) ? hexColor(value) : BLACK;
  const edges = style.borderTopWidth + style.borderBottomWidth + lengthOrZero(style.paddingTop) + lengthOrZero(style.paddingBottom);
  const content = typeof style.height === 'number' ? (style.boxSizing === 'border-box' ? style.height - edges : style.height) : 23;
  const swatch: ComputedStyle = {
    ...build.anonymousStyle(style, 'block'), height: Math.max(0, content - 10), marginTop: 4, marginBottom: 4, marginLeft: 2, marginRight: 2, backgroundColor: fill,
    ...solidBorder(1, { r: 119, g: 119, b: 119, a: 1 }),
  };
  return build.block(onSwatchBaseline(style), [build.block(swatch, [], 'block', undefined)], at.outer, at.source);
}

/**
 * Chromium's well is a button whose baseline is its swatch's bottom edge, 4px above its content
 * box's: lowered by what lies below the swatch, the well's bottom sits 6px under the line's
 * baseline, as there.
 */
function onSwatchBaseline(style: ComputedStyle): ComputedStyle {
  return baselineAboveMarginEdge(style, lengthOrZero(style.marginBottom) + style.borderBottomWidth + lengthOrZero(style.paddingBottom) + 4);
}

const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };

function hexColor(value: string): Color {
  const channel = (at: number): number => Number.parseInt(value.slice(at, at + 2), 16);
  return { r: channel(1), g: channel(3), b: channel(5), a: 1 };
}

/**
 * Chromium's default width of a file chooser, in "0"s of its font (kDefaultWidthNumChars): 253px
 * at 13.333px Arial, whatever its button and label take (measured, Chromium 156).
 */
const FILE_CHOOSER_CHARS = 34;

/**
 * A file chooser as printed before a file is chosen: a "Choose File" button — its
 * `::file-selector-button` style, the button style of css/ua.css unless the author's CSS restyles
 * it (Tailwind's `file:` utilities) — and "No file chosen", on one line clipped to the field;
 * `multiple` makes the button "Choose Files". The field itself has no border or padding of its own (ua.css).
 */
export function fileBox(build: AnonymousBoxBuild, element: DomElement, style: ComputedStyle, at: { source: BoxElement; outer: 'block' | 'inline'; button: ComputedStyle | undefined }): BlockBox {
  const multiple = element.attribs['multiple'] !== undefined;
  const zero = fontRelativeRatios(style.fontFamily, style).ch * style.fontSize;
  const width = style.width === 'auto' ? Math.ceil(FILE_CHOOSER_CHARS * zero - 1e-6) + horizontalEdges(style) : style.width;
  // the label ends in an ellipsis where the field is too narrow (Chromium's UA sheet)
  const field = restyled(style, { ...WHITE_SPACE_PRE, width, overflowX: 'clip', textOverflow: ['ellipsis'] });
  const text = (content: string, textStyle: ComputedStyle): InlineLevelBox => ({ kind: 'text', text: content, style: textStyle, element: undefined, pseudo: undefined });
  const chooser = text('No file chosen', field);
  if (at.button?.display === 'none') return build.block(field, [chooser], at.outer, at.source);
  const button = at.button === undefined ? build.anonymousStyle(field, 'inline-block') : restyled(at.button, WHITE_SPACE_PRE);
  const label = multiple ? 'Choose Files' : 'Choose File';
  return build.block(field, [build.block(button, [text(label, button)], 'inline', undefined), chooser], at.outer, at.source);
}

/** Border and padding across, when `box-sizing: border-box` makes `width` include them. */
function horizontalEdges(style: ComputedStyle): number {
  return style.boxSizing === 'border-box' ? edgesAcross(style) : 0;
}

function edgesAcross(style: ComputedStyle): number {
  return style.borderLeftWidth + style.borderRightWidth + lengthOrZero(style.paddingLeft) + lengthOrZero(style.paddingRight);
}
