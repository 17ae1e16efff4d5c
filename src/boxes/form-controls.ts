/**
 * Form controls printed as Chromium prints them (HTML §15.5.x, the rendering section): the box
 * tree gives each control the content a browser shows in it — a text field its value (or its
 * placeholder, greyed), a select its selected option and a drop-down arrow, a textarea its text,
 * a checkbox or radio its drawn mark, a progress or meter its bar. Sizes, borders and paddings are
 * the UA stylesheet's (css/ua.css), so an author's CSS on the control applies as in a browser.
 * Nothing is interactive: see docs/css.md (AcroForm fields are not written).
 */
import type { Color, ComputedStyle, ElementPseudoStyles } from '../css/types.js';
import { WHITE_SPACE_PRE } from '../css/types.js';
import { DATE_TIME_INPUT_TYPES, inputTypeAttribute, listBoxRows } from '../css/control-fallback.js';
import { isDisabled } from '../css/state-pseudos.js';
import type { FontRelativeRatios } from '../css/values/font-metrics.js';
import { normalLineHeight } from '../css/values/font-metrics.js';

export { fieldRatios, type DocumentFontMetrics } from './field-fonts.js';
import { sameColor } from '../css/values/color.js';
import { textareaOverflow } from '../css/properties/display.js';
import { lineHeightPx, restyled } from '../css/compute.js';
import type { DomElement } from '../dom/types.js';
import type { DateTimeType } from './date-time-fields.js';
import { dateTimeText, type DateTimePart } from './date-time-fields.js';
import { colorBox, fileBox, rangeBox, styledRangeBox } from './form-pickers.js';
import { meterValue, progressValue } from './form-values.js';
import { meterPartsBox, shown, valueWide } from './meter-parts.js';
import { hex, onBorderBoxBaseline, roundRadii, solidBorder } from './control-style.js';
import { isElement, isText } from '../dom/types.js';
import type { AnonymousBoxBuild, BlockBox, Box, BoxElement, FormBuild, InlineLevelBox, OutOfFlowBox, ReplacedBox } from './types.js';
import { appendAll } from '../append-all.js';
import { LIST_BOX_SCROLLBAR, listBoxScrollbar } from './list-box-scrollbar.js';
import { DARK_CONTROL, darkMarkFor, trackColors } from './accent-contrast.js';

/** Chromium's default accent (the `auto` of `accent-color`) and the greys of its controls. */
const ACCENT: Color = { r: 0, g: 117, b: 255, a: 1 };
const BORDER = '#767676';
/** Chromium's dark theme: its accent, and the border of an unchecked mark (on DARK_CONTROL). */
const DARK_ACCENT: Color = { r: 153, g: 200, b: 255, a: 1 };
const DARK_BORDER = '#858585';
const PLACEHOLDER: Color = { r: 117, g: 117, b: 117, a: 1 };

/** `<input type>`s drawn as a one-line text field with their value. */
const TEXT_TYPES = new Set(['text', 'search', 'tel', 'url', 'email', 'password', 'number', 'date', 'datetime-local', 'month', 'week', 'time']);
const SIZED_TYPES = new Set(['text', 'search', 'tel', 'url', 'email', 'password']);
/** `<input type>`s drawn as a button with their value as the label (HTML §15.5.x default labels). */
const BUTTON_LABELS: Readonly<Record<string, string>> = { submit: 'Submit', reset: 'Reset', button: '' };

/** An input's type; a missing or unknown one is `text` (HTML §4.10.5). */
export function inputType(element: DomElement): string {
  const type = inputTypeAttribute(element);
  return KNOWN_TYPES.has(type) ? type : 'text';
}

const KNOWN_TYPES: ReadonlySet<string> = new Set([...TEXT_TYPES, ...Object.keys(BUTTON_LABELS), 'checkbox', 'radio', 'hidden', 'image', 'range', 'color', 'file']);

/**
 * The boxes of a form control, or undefined when `element` is not one drawn here (`<button>` has
 * its own content; `<input type=image>` is an image, `replaced` in build.ts).
 */
export function formControlBox(build: FormBuild, element: DomElement, given: ComputedStyle, source: BoxElement, pseudos: ElementPseudoStyles): Box | undefined {
  const outer = given.display === 'inline-block' || given.display === 'inline' ? 'inline' : 'block';
  // a control is atomic in a browser: block-level too, the margins of what it is drawn with (a
  // progress bar's track, a colour well's swatch) stay inside it, as a formatting context's do
  const style = given.display === 'block' ? restyled(given, { display: 'flow-root' }) : given;
  switch (element.name) {
    case 'input': {
      const type = inputType(element);
      if (type === 'file') return fileBox(build, element, style, { source, outer, button: pseudos['file-selector-button'] });
      if (type === 'range' && style.appearance === 'none') return styledRangeBox(build, element, style, { source, outer, accent: resolvedAccent(style), parts: pseudos });
      return inputBox(build, element, style, { source, outer, pseudos });
    }
    case 'select': return selectBox(build, element, style, source, outer);
    case 'textarea': return textareaBox(build, element, style, source, outer);
    case 'progress': {
      const fraction = progressValue(element);
      if (style.appearance === 'none') return styledProgressBox(build, style, { source, outer, fraction, parts: pseudos });
      return barBox(build, style, source, outer, { fraction, fill: resolvedAccent(style) });
    }
    // native or not, from its parts: the cascade gives them the native look (css/control-fallback.ts)
    case 'meter': return meterPartsBox(build, style, { source, outer, meter: meterValue(element), parts: pseudos });
    default: return undefined;
  }
}

function inputBox(build: FormBuild, element: DomElement, style: ComputedStyle, at: { source: BoxElement; outer: 'block' | 'inline'; pseudos: ElementPseudoStyles }): Box | undefined {
  const { source, outer, pseudos } = at;
  const type = inputType(element);
  if (type === 'checkbox' || type === 'radio') {
    // unstyled, the box is the author's: an element box with its ::before and ::after, as Chromium
    // draws the custom checkboxes and switches CSS makes (Pico's switch knob, a checkmark after)
    if (style.appearance === 'none') return undefined;
    return markBox(style, source, outer, type, { checked: element.attribs['checked'] !== undefined, disabled: isDisabled(element) });
  }
  if (type === 'range') return rangeBox(element, style, { source, outer, accent: resolvedAccent(style) });
  if (type === 'color') return colorBox(build, element, style, { source, outer });
  if (type in BUTTON_LABELS) {
    const label = element.attribs['value'] ?? BUTTON_LABELS[type]!;
    const button = fitContentButton(style);
    return naturalIf(style, build.block(button, textRun(build, button, label, undefined), outer, source));
  }
  if (!TEXT_TYPES.has(type)) return undefined;
  if (DATE_TIME_INPUT_TYPES.has(type)) return dateTimeBox(build, element, style, { source, outer, wrapper: pseudos['datetime-fields-wrapper'] });
  const value = element.attribs['value'] ?? '';
  // `size` applies to text-like fields only (HTML §4.10.5.3.2), not to numbers and dates
  const size = SIZED_TYPES.has(type) ? element.attribs['size'] : undefined;
  const content = style.fieldSizing === 'content' && style.width === 'auto';
  const sized = style.width !== 'auto' ? style : restyled(style, content ? contentSizedField(style, type) : { width: textFieldWidth(build.fieldRatios(style), style.fontSize, size) + sizingEdges(style, 'x') });
  // Chromium's inner editor clips a value longer than the field at its content box, not in its
  // padding, and is centred in a field taller than its line (Milligram's `height: 3.8rem`)
  const field = restyled(sized, { ...WHITE_SPACE_PRE, overflowX: 'clip', overflowClipMargin: CONTENT_BOX_CLIP, alignContent: FIELD_LINE_ALIGN });
  if (value === '') {
    const placeholder = (element.attribs['placeholder'] ?? '').replace(/[\r\n]+/g, ' ');
    const empty = content ? [caretLine(build, field)] : textRun(build, field, EMPTY_LINE, undefined);
    return naturalIf(style, build.block(field, placeholder === '' ? empty : textRun(build, field, placeholder, PLACEHOLDER), outer, source));
  }
  // a password field shows one bullet per character, as browsers do
  const shown = type === 'password' ? '\u2022'.repeat([...value].length) : value.replace(/[\r\n]+/g, '');
  return naturalIf(style, build.block(field, textRun(build, field, shown === '' ? EMPTY_LINE : shown, undefined), outer, source));
}

/**
 * `field-sizing: content` (CSS UI 4 §5.1): a field as wide as what it shows, the text or the
 * placeholder, as Chromium 156 sizes it (measured); a number field keeps the room of its spin
 * buttons (15px) after it. `size` no longer counts.
 */
function contentSizedField(style: ComputedStyle, type: string): Partial<ComputedStyle> {
  const spin = type === 'number' && typeof style.paddingRight === 'number' ? { paddingRight: style.paddingRight + NUMBER_SPIN_BUTTONS } : {};
  return { width: 'fit-content', ...spin };
}

const NUMBER_SPIN_BUTTONS = 15;

const CONTENT_BOX_CLIP: ComputedStyle['overflowClipMargin'] = { box: 'content-box', margin: 0 };
/** How a text field's line sits in its content box: centred, shorter or taller (Chromium's inner editor overflows up and down alike). */
const FIELD_LINE_ALIGN = 'unsafe center';

/**
 * An empty content-sized field's line: the caret's 1px wide (an empty field is 9px wide in
 * Chromium, its edges and the caret), and a line tall.
 */
function caretLine(build: AnonymousBoxBuild, field: ComputedStyle): BlockBox {
  // the line's space is wider than the caret: clipped, it leaves the field nothing to scroll
  const caret: ComputedStyle = { ...build.anonymousStyle(field, 'block'), width: 1, overflowX: 'clip' };
  return build.block(caret, textRun(build, caret, EMPTY_LINE, undefined), 'block', undefined);
}

/**
 * HTML §15.5.x: a button's `auto` width is its fit-content width, block-level too (Chromium: a
 * `display: block` button does not fill its line); grid and flex stretch it (naturalIf).
 */
export function fitContentButton(style: ComputedStyle): ComputedStyle {
  return style.width === 'auto' && style.display !== 'inline-block' && style.display !== 'inline' ? restyled(style, { width: 'fit-content' }) : style;
}

/** The control's box, marked as sized by its natural width when the author's width is `auto` (flex and grid stretch it). */
export function naturalIf(style: ComputedStyle, box: BlockBox): BlockBox {
  return style.width === 'auto' ? { ...box, naturalWidth: true } : box;
}

/**
 * A date or time field: its value as Chromium's en-US locale writes it, or the pattern of its
 * fields when empty (date-time-fields.ts), in the field's colour. Chromium sizes the field's
 * content box for its pattern in a monospace font, whatever the field's padding and border: the
 * pattern's characters, 2px per field and the picker's room; as tall as the fields' line with the
 * vertical padding of its `::-webkit-datetime-edit-fields-wrapper` (1px above and below it; 0 with
 * Bootstrap's reboot), or as the picker when that is taller, the line centred (DATE_PICKER).
 */
function dateTimeBox(build: FormBuild, element: DomElement, style: ComputedStyle, at: { source: BoxElement; outer: 'block' | 'inline'; wrapper: ComputedStyle | undefined }): BlockBox {
  const type = inputType(element) as DateTimeType;
  const { source, outer } = at;
  const shown = dateTimeText(type, element.attribs['value'] ?? '', element.attribs['step']);
  const picker = type === 'time' ? CLOCK_PICKER : DATE_PICKER;
  const size = style.fontSize;
  // a content width, grown by the edges of a border-box field (quirks mode's UA sheet, frameworks) as text fields are
  const width = size * ([...shown.pattern].length * build.fieldRatios(style).ch + picker.widthEm) + picker.widthPx + 2 * shown.fields + sizingEdges(style, 'x');
  const pickerHeight = size * picker.heightEm + picker.heightPx + sizingEdges(style, 'y');
  const minHeight = style.height === 'auto' && (style.minHeight === 'auto' || typeof style.minHeight === 'number')
    ? Math.max(typeof style.minHeight === 'number' ? style.minHeight : 0, pickerHeight) : style.minHeight;
  const field: ComputedStyle = { ...style, width: style.width === 'auto' ? width : style.width, minHeight, ...WHITE_SPACE_PRE, overflowX: 'clip', alignContent: 'center' };
  // Chromium's fields wrapper: its vertical padding (the UA's 1px) above and below the line
  const fieldsStyle: ComputedStyle = { ...build.anonymousStyle(field, 'block'), paddingTop: wrapperPadding(at.wrapper?.paddingTop), paddingBottom: wrapperPadding(at.wrapper?.paddingBottom) };
  const fields = build.block(fieldsStyle, shown.parts.flatMap((part) => fieldPart(build, fieldsStyle, part)), 'block', undefined);
  // Chromium hides the picker icon of a disabled or read-only field (html.css)
  const pickable = !isDisabled(element) && element.attribs['readonly'] === undefined;
  const icon = pickable ? [type === 'time' ? clockIcon(build, field, fieldsStyle) : calendarIcon(build, field)] : [];
  return naturalIf(style, build.block(field, [...icon, fields], outer, source));
}

/** A padding of the fields wrapper in px: a percentage counts as none (as paddingPx), a missing style as the UA's 1px. */
function wrapperPadding(value: ComputedStyle['paddingTop'] | undefined): number {
  return value === undefined ? 1 : paddingPx(value);
}

/** An editable field of a date or time field, 1px inside either side (Chromium's input_multiple_fields.css), or the text between two. */
function fieldPart(build: AnonymousBoxBuild, fieldsStyle: ComputedStyle, part: DateTimePart): Box[] {
  if (!part.field) return textRun(build, fieldsStyle, part.text, undefined);
  const style: ComputedStyle = { ...build.anonymousStyle(fieldsStyle, 'inline'), paddingLeft: 1, paddingRight: 1 };
  const run: InlineLevelBox = { kind: 'text', text: part.text, style, element: undefined, pseudo: undefined };
  return [{ kind: 'inline', style, element: undefined, pseudo: undefined, children: [run] }];
}

/**
 * The room of a field's picker beside its fields and the height it needs, measured in Chromium
 * 156 (monospace, 10 to 30px): the calendar of a date, month, week or datetime-local field
 * and the clock of a time field, both drawn. Chromium's monospace
 * here is DejaVu Sans Mono (0.602em a character); octavo counts the pattern in its own monospace,
 * Liberation Mono (0.6em), so the width's em part holds what its ten or eight characters lack
 * (2.18 + 0.02, 1.033 + 0.016).
 */
interface PickerRoom { readonly widthEm: number; readonly widthPx: number; readonly heightEm: number; readonly heightPx: number }
const DATE_PICKER: PickerRoom = { widthEm: 2.2, widthPx: 5, heightEm: 1, heightPx: 4 };
const CLOCK_PICKER: PickerRoom = { widthEm: 1.05, widthPx: 15, heightEm: 1.05, heightPx: 6 };

/**
 * The calendar icon Chromium prints at the end of a date, month or week field: a 10 × 11px
 * calendar at 13.333px, scaled with the font, 2.5px + 0.09em inside the content box's end and
 * 1.5px + 0.1em below its top (measured at 192 dpi, 10 to 40px). It floats with a negative margin
 * taking no room, so the value never wraps under it in a field narrower than the pattern.
 */
function calendarIcon(build: AnonymousBoxBuild, field: ComputedStyle): OutOfFlowBox {
  const unit = field.fontSize / 13.333;
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="11" viewBox="0 0 10 11">'
    + '<path d="M1.5 0h1v1.5h-1zM7.5 0h1v1.5h-1z"/><rect x=".5" y="1.5" width="9" height="9" rx=".6" fill="none" stroke="#000"/><path d="M.5 1h9v2.5h-9z"/></svg>';
  const width = 10 * unit;
  const iconStyle: ComputedStyle = {
    ...build.anonymousStyle(field, 'inline'), float: 'right', display: 'block', width, height: 11 * unit,
    marginRight: ICON_END_PX + ICON_END_EM * field.fontSize, marginLeft: -width - ICON_END_PX - ICON_END_EM * field.fontSize, marginTop: ICON_TOP_PX + ICON_TOP_EM * field.fontSize,
  };
  return floatedIcon(svg, iconStyle);
}

/**
 * The clock icon Chromium prints at the end of a time field: a ring with its hands, 1.05em square
 * (a 24-unit drawing whose ring is 20 units across, 2 thick), 3px inside the content box's end,
 * centred in its height (measured at 300 dpi, 13.333 and 40px). It floats taking no room, as the
 * calendar does.
 */
function clockIcon(build: FormBuild, field: ComputedStyle, fields: ComputedStyle): OutOfFlowBox {
  const size = CLOCK_PICKER.heightEm * field.fontSize;
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">'
    + '<circle cx="12" cy="12" r="9" fill="none" stroke="#000" stroke-width="2"/><path d="M12.5 7H11v6l5.25 3.15.75-1.23-4.5-2.67z"/></svg>';
  const iconStyle: ComputedStyle = {
    ...build.anonymousStyle(field, 'inline'), float: 'right', display: 'block', width: size, height: size,
    // centred on the fields' line (with its padding above and below it), which the field centres in its height
    marginRight: CLOCK_END_PX, marginLeft: -size - CLOCK_END_PX, marginTop: (usedLineHeight(field, build.fieldRatios(field)) + paddingPx(fields.paddingTop) + paddingPx(fields.paddingBottom) - size) / 2,
  };
  return floatedIcon(svg, iconStyle);
}

const CLOCK_END_PX = 3;
/** The drop-down arrow's drawing's height (its 9 × 6 SVG). */
const ARROW_HEIGHT = 6;

/** A line's height in px: the style's `line-height`, `normal` from its font's line spacing. */
function usedLineHeight(style: ComputedStyle, font: FontRelativeRatios): number {
  return lineHeightPx(style.lineHeight, style.fontSize) ?? normalLineHeight(font.lineSpacing, style.fontSize);
}

/** A picker's icon: its drawing, floated as `style` places it. */
function floatedIcon(svg: string, style: ComputedStyle): OutOfFlowBox {
  const image: ReplacedBox = { kind: 'replaced', outer: 'block', src: `data:image/svg+xml,${encodeURIComponent(svg)}`, alt: '', style, element: undefined, pseudo: undefined };
  return { kind: 'out-of-flow', scheme: 'float', box: image, style, element: undefined, pseudo: undefined };
}

const ICON_END_PX = 2.5;
const ICON_END_EM = 0.09;
const ICON_TOP_PX = 1.5;
const ICON_TOP_EM = 0.1;

/**
 * The width Chromium counts a field's characters in (LayoutTextControl's average character width):
 * the face's average, rounded when that rounds it up (5.9 -> 6 but 6.49 stays).
 */
function fieldCharWidth(font: FontRelativeRatios, fontSize: number): number {
  const average = font.avgCharWidth * fontSize;
  return Math.max(average, Math.round(average));
}

/**
 * Chromium's content width of a text field of `size` characters (20 by default;
 * LayoutTextControlSingleLine): `size` average characters plus the widest glyph's excess over one,
 * in whole pixels. Measured against Chromium 156 (sizes 1-40, fonts 10-32px, the Liberation
 * families and DejaVu Sans, their four faces): the widest glyph is the face's bbox width, rounded.
 */
export function textFieldWidth(font: FontRelativeRatios, fontSize: number, sizeAttribute: string | undefined): number {
  const parsed = sizeAttribute === undefined ? NaN : Number.parseInt(sizeAttribute, 10);
  const size = Number.isFinite(parsed) && parsed > 0 ? parsed : 20;
  const charWidth = fieldCharWidth(font, fontSize);
  const widest = Math.round(font.maxCharWidth * fontSize);
  // the epsilon keeps float noise (8 * 3 + 9.000001) from adding a pixel
  return Math.ceil(charWidth * (size - 1) + widest - 1e-6);
}

/**
 * What a one-line field or a drop-down shows when it has no text: a space its `white-space: pre`
 * keeps, so that it keeps a line — its height and its baseline — as a browser's editor always has
 * one (an empty block would have none, and a blank form field would print as a sliver of padding).
 */
const EMPTY_LINE = ' ';

/** A text box of `text` in an anonymous inline of `color` (a placeholder's grey) or none. */
function textRun(build: AnonymousBoxBuild, style: ComputedStyle, text: string, color: Color | undefined): Box[] {
  if (text === '') return [];
  const textStyle = color === undefined ? style : recoloured(build.anonymousStyle(style, 'inline'), color);
  const run: InlineLevelBox = { kind: 'text', text, style: textStyle, element: undefined, pseudo: undefined };
  return color === undefined ? [run] : [{ kind: 'inline', style: textStyle, element: undefined, pseudo: undefined, children: [run] }];
}

/**
 * An anonymous inline's style in another colour. Glyphs are filled with `-webkit-text-fill-color`,
 * computed as the field's colour when it is `currentcolor` (its initial value): it follows the
 * new colour then, or a placeholder printed black; one the author set stays.
 */
function recoloured(style: ComputedStyle, color: Color): ComputedStyle {
  const fill = sameColor(style.webkitTextFillColor, style.color) ? color : style.webkitTextFillColor;
  return { ...style, color, webkitTextFillColor: fill };
}

/** The accent a control is drawn in: the author's, else Chromium's blue (a light blue in a dark colour scheme). */
function resolvedAccent(style: ComputedStyle): Color {
  if (style.accentColor !== 'auto') return style.accentColor;
  return style.colorScheme === 'dark' ? DARK_ACCENT : ACCENT;
}

/** The greys Chromium's native theme paints a disabled checkbox or radio with (measured): its mark, border and fill. */
const DISABLED_MARK = '#d0d0d0';
const DISABLED_TICK = '#ececec';
const DISABLED_FILL = '#f8f8f8';

/** A checkbox or radio: a 13px drawing (an image, so that `width`/`height` scale it as in Chromium). */
function markBox(style: ComputedStyle, source: BoxElement, outer: 'block' | 'inline', type: 'checkbox' | 'radio', state: { checked: boolean; disabled: boolean }): ReplacedBox {
  const { checked, disabled } = state;
  // a disabled control is grey whatever its accent colour
  const accent = disabled ? DISABLED_MARK : hex(resolvedAccent(style));
  const darkScheme = style.colorScheme === 'dark';
  const border = disabled ? DISABLED_MARK : darkScheme ? DARK_BORDER : BORDER;
  // a light accent darkens what is drawn beside it, the tick and the radio's ring (accent-contrast.ts);
  // an unchecked mark is dark in a dark colour scheme
  const dark = !disabled && (checked ? darkMarkFor(resolvedAccent(style)) : darkScheme);
  const fill = disabled ? DISABLED_FILL : dark ? DARK_CONTROL : '#fff';
  const tick = disabled ? DISABLED_TICK : dark ? DARK_CONTROL : '#fff';
  const shape = type === 'checkbox'
    ? checked
      ? `<rect width="13" height="13" rx="2" fill="${accent}"/><path d="M3.2 6.8 5.6 9.2 10 4.2" fill="none" stroke="${tick}" stroke-width="2"/>`
      : `<rect x=".5" y=".5" width="12" height="12" rx="2" fill="${fill}" stroke="${border}"/>`
    : checked
      ? `<circle cx="6.5" cy="6.5" r="6" fill="${fill}" stroke="${accent}"/><circle cx="6.5" cy="6.5" r="4" fill="${accent}"/>`
      : `<circle cx="6.5" cy="6.5" r="6" fill="${fill}" stroke="${border}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="13" height="13" viewBox="0 0 13 13">${shape}</svg>`;
  return { kind: 'replaced', outer, src: `data:image/svg+xml,${encodeURIComponent(svg)}`, alt: '', style: onBorderBoxBaseline(style), element: source, pseudo: undefined, noNaturalRatio: true };
}

interface OptionItem {
  readonly text: string;
  readonly selected: boolean;
}

/** The options of a select, optgroups flattened (HTML §4.10.7 list of options). */
function optionsOf(element: DomElement): OptionItem[] {
  const out: OptionItem[] = [];
  for (const child of element.children) {
    if (!isElement(child)) continue;
    if (child.name === 'option') out.push({ text: (child.attribs['label'] ?? textOf(child)).replace(/\s+/g, ' ').trim(), selected: child.attribs['selected'] !== undefined });
    else if (child.name === 'optgroup') appendAll(out, optionsOf(child));
  }
  return out;
}

function textOf(element: DomElement): string {
  let text = '';
  for (const child of element.children) {
    if (isText(child)) text += child.data;
    else if (isElement(child)) text += textOf(child);
  }
  return text;
}

/**
 * A drop-down select: every option is laid out (the box is as wide as the widest, as in a
 * browser) but only the selected one — the last with `selected`, else the first — takes room and
 * is drawn; the arrow floats at its end. A list box (`multiple`, `size` > 1) shows its options.
 */
function selectBox(build: FormBuild, element: DomElement, style: ComputedStyle, source: BoxElement, outer: 'block' | 'inline'): BlockBox {
  const options = optionsOf(element);
  // As wide as its options in block flow too (its natural width), not as its container.
  const sized: ComputedStyle = style.width === 'auto' ? { ...style, width: 'fit-content' } : style;
  // Chromium sets a select's text in lines of `line-height: normal`, whatever the author's, unless
  // its `appearance` is `none` (measured: `line-height: 40px` makes it 42px tall then, 19px else)
  const inner: ComputedStyle = { ...build.anonymousStyle(style, 'block'), lineHeight: style.appearance === 'none' ? style.lineHeight : 'normal' };
  const content = style.fieldSizing === 'content';
  // content-sized, a list box shows all its options, a drop-down is as wide as the one it shows
  const rows = content && listBoxRows(element) !== undefined ? Math.max(1, options.length) : listBoxRows(element);
  if (rows !== undefined) {
    const list = listBox(build, style, inner, rows, options);
    const scrollbar = listBoxScrollbar(build, style, {
      listHeight: listBoxHeight(style, rows), rows, options: options.length,
      paddingTop: paddingPx(style.paddingTop), paddingRight: paddingPx(style.paddingRight), paddingBottom: paddingPx(style.paddingBottom),
    });
    return naturalIf(style, build.block(sized, [scrollbar, list], outer, source));
  }
  let selected = options.findLastIndex((o) => o.selected);
  if (selected < 0) selected = options.length === 0 ? -1 : 0;
  const lineStyle: ComputedStyle = { ...inner, ...WHITE_SPACE_PRE };
  const hidden: ComputedStyle = { ...lineStyle, height: 0, visibility: 'hidden', overflowX: 'hidden', overflowY: 'hidden' };
  // the selected option comes last, so that its line gives the select its baseline (the hidden ones take no room)
  const order = selected < 0 ? (content ? [] : options) : [...(content ? [] : options.filter((_, i) => i !== selected)), options[selected]!];
  const lines = order.map((option, index) => optionLine(build, index === order.length - 1 ? lineStyle : hidden, option.text));
  // a drop-down without options still shows an empty line
  if (lines.length === 0) lines.push(optionLine(build, lineStyle, ''));
  const optionStack = build.block(build.anonymousStyle(style, 'inline-block'), lines, 'inline', undefined);
  // content-sized, it is as wide as the option shown, unrounded
  const stack: BlockBox = content ? optionStack : { ...optionStack, wholePixelWidths: true };
  // a drop-down taller than its line shows it centred, as a text field does (a shorter one, at its top)
  const dropDown: ComputedStyle = { ...sized, alignContent: 'center' };
  if (style.appearance === 'none') return naturalIf(style, build.block(dropDown, [build.block(inner, [stack], 'block', undefined)], outer, source));
  // Chromium's theme keeps 1px above and below the text and 4px beside it (and the arrow), inside
  // the author's padding: `padding: 0` does not shrink a select, `padding: 3px 6px` grows it by 6 × 12
  const themed: ComputedStyle = { ...inner, paddingTop: 1, paddingBottom: 1, paddingLeft: 4, paddingRight: 4 };
  const arrowSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="9" height="6" viewBox="0 0 9 6"><path d="M1 1 4.5 4.5 8 1" fill="none" stroke="${hex(style.color)}" stroke-width="1.6"/></svg>`;
  // centred on the line (the line centred in the box: the arrow is, whatever the font size, as in Chromium),
  // drawn from the border box, not the content box: the author's padding-right does not move it
  // (Chromium 156; Skeleton's 10px, Bootstrap 3's 12px). A negative margin takes it into the padding,
  // the same more on its left keeps the text as far from the content box's end as before
  const padEnd = paddingPx(style.paddingRight);
  const arrowStyle: ComputedStyle = { ...build.anonymousStyle(style, 'inline'), float: 'right', display: 'block', marginLeft: 3 + padEnd, marginRight: -padEnd, marginTop: (usedLineHeight(inner, build.fieldRatios(style)) - ARROW_HEIGHT) / 2 };
  const arrow: ReplacedBox = { kind: 'replaced', outer: 'block', src: `data:image/svg+xml,${encodeURIComponent(arrowSvg)}`, alt: '', style: arrowStyle, element: undefined, pseudo: undefined };
  const floated: OutOfFlowBox = { kind: 'out-of-flow', scheme: 'float', box: arrow, style: arrowStyle, element: undefined, pseudo: undefined };
  return naturalIf(style, build.block(dropDown, [build.block(themed, [floated, stack], 'block', undefined)], outer, source));
}

/**
 * A list box (`multiple`, or `size` above 1) as Chromium 156 prints it (measured): `rows` rows (4
 * with `multiple` alone), each option 1.2em tall and 1px more, with 2px beside its text, a selected
 * one on Chromium's grey of an inactive selection; the rest of the options cut off below, and the
 * room of its vertical scrollbar (list-box-scrollbar.ts) kept at its end — two options in 13.333px
 * Arial make a 75 × 70 box.
 */
function listBox(build: AnonymousBoxBuild, style: ComputedStyle, inner: ComputedStyle, rows: number, options: readonly OptionItem[]): BlockBox {
  const optionHeight = style.fontSize * 1.2;
  const optionStyle: ComputedStyle = { ...inner, ...WHITE_SPACE_PRE, paddingTop: 0, paddingBottom: 1, paddingLeft: 2, paddingRight: 2, minHeight: optionHeight };
  const selectedStyle: ComputedStyle = { ...optionStyle, backgroundColor: INACTIVE_SELECTION, color: BLACK };
  const lines = options.map((option) => optionLine(build, option.selected ? selectedStyle : optionStyle, option.text));
  const listStyle: ComputedStyle = { ...inner, height: listBoxHeight(style, rows), paddingRight: LIST_BOX_SCROLLBAR, overflowX: 'hidden', overflowY: 'hidden' };
  return build.block(listStyle, lines, 'block', undefined);
}

/** A list box's rows: 1.2em and 1px each. */
function listBoxHeight(style: ComputedStyle, rows: number): number {
  return rows * (style.fontSize * 1.2 + 1);
}

/** Chromium's `-internal-inactive-list-box-selection` on Linux (measured), and its text colour. */
const INACTIVE_SELECTION: Color = { r: 206, g: 206, b: 206, a: 1 };
const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };

/** One option's line in a select; an empty one keeps its line but adds no width (its space overflows a 0 width). */
function optionLine(build: AnonymousBoxBuild, lineStyle: ComputedStyle, text: string): BlockBox {
  if (text !== '') return build.block(lineStyle, textRun(build, lineStyle, text, undefined), 'block', undefined);
  const empty: ComputedStyle = { ...lineStyle, width: 0 };
  return build.block(empty, textRun(build, empty, EMPTY_LINE, undefined), 'block', undefined);
}

/**
 * What a control's natural content size (from `size`, `cols`, `rows`) grows by when it is made its
 * `width` or `height`: a border-box control is sized by its content plus its edges, as Chromium
 * sizes it (`* { box-sizing: border-box }` does not shrink a field; quirks mode's text fields
 * neither). Percentages of padding count as none here.
 */
function sizingEdges(style: ComputedStyle, axis: 'x' | 'y'): number {
  if (style.boxSizing !== 'border-box') return 0;
  return axis === 'x'
    ? style.borderLeftWidth + style.borderRightWidth + paddingPx(style.paddingLeft) + paddingPx(style.paddingRight)
    : style.borderTopWidth + style.borderBottomWidth + paddingPx(style.paddingTop) + paddingPx(style.paddingBottom);
}

/** A padding in px; a percentage counts as none here (its containing block is not known yet). */
function paddingPx(value: ComputedStyle['paddingLeft']): number {
  return typeof value === 'number' ? value : 0;
}

/** A textarea: its text (the element's content), `cols` × `rows` characters unless CSS sizes it. */
function textareaBox(build: FormBuild, element: DomElement, style: ComputedStyle, source: BoxElement, outer: 'block' | 'inline'): BlockBox {
  // HTML §13.2.6.4.7: a newline right after the start tag is not part of the value
  const text = textOf(element).replace(/^\r?\n/, '');
  const cols = positiveInt(element.attribs['cols'], 20);
  const rows = positiveInt(element.attribs['rows'], 2);
  const font = build.fieldRatios(style);
  const lineHeight = usedLineHeight(style, font);
  // field-sizing: content: as wide as its longest line and as tall as its lines (or one, empty)
  const content = style.fieldSizing === 'content';
  // `cols` size the inline axis and `rows` the block axis: turned in a vertical writing mode, as in Chromium
  const vertical = style.writingMode !== 'horizontal-tb';
  const [inlineAxis, blockAxis] = vertical ? (['y', 'x'] as const) : (['x', 'y'] as const);
  const inlineSize = (specified: ComputedStyle['width']): ComputedStyle['width'] => specified !== 'auto' ? specified
    : content ? (vertical ? 'auto' : 'fit-content') : textareaWidth(font, style.fontSize, cols) + sizingEdges(style, inlineAxis);
  const blockSize = (specified: ComputedStyle['height']): ComputedStyle['height'] => specified !== 'auto' || content ? specified : rows * lineHeight + sizingEdges(style, blockAxis);
  const width = vertical ? blockSize(style.width) : inlineSize(style.width);
  const height = vertical ? inlineSize(style.height) : blockSize(style.height);
  // it scrolls, with its scrollbars where its text overflows (layout/scrollbars.ts), unless `clip` takes them and its resize grip away
  const [overflowX, overflowY] = textareaOverflow(style.overflowX, style.overflowY);
  const sized: ComputedStyle = { ...style, width, height, overflowX, overflowY, resize: overflowX === 'clip' ? 'none' : style.resize };
  const empty = content ? [caretLine(build, sized)] : [];
  return naturalIf(style, build.block(sized, text === '' ? empty : [{ kind: 'text', text, style: sized, element: undefined, pseudo: undefined }], outer, source));
}

/** Chromium's scroll bar gutter beside a textarea's columns, whatever its font. */
const TEXTAREA_GUTTER = 15;

/**
 * Chromium's content width of a textarea of `cols` columns (LayoutTextControlMultiLine): the
 * columns in average characters, to the next whole pixel, and the scroll bar's gutter. Measured
 * against Chromium 156: the default textarea and fonts of 10-30px in Arial, Times New Roman and
 * DejaVu Sans, regular, bold and italic, 5-40 columns, to the pixel.
 */
function textareaWidth(font: FontRelativeRatios, fontSize: number, cols: number): number {
  return Math.ceil(fieldCharWidth(font, fontSize) * cols - 1e-6) + TEXTAREA_GUTTER;
}

function positiveInt(text: string | undefined, fallback: number): number {
  const value = text === undefined ? NaN : Number.parseInt(text, 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * A progress bar whose `appearance` is `none`, from its parts as Chromium builds it: the bar
 * (`::-webkit-progress-bar`, grey, the control's size) and in it the value
 * (`::-webkit-progress-value`, green), as wide as the value's fraction of the bar whatever
 * width the author gives it (Chromium sets it on the element).
 */
function styledProgressBox(build: AnonymousBoxBuild, style: ComputedStyle, at: { source: BoxElement; outer: 'block' | 'inline'; fraction: number; parts: ElementPseudoStyles }): BlockBox {
  const bar = shown(at.parts['progress-bar']);
  if (bar === undefined) return build.block(style, [], at.outer, at.source);
  const value = shown(at.parts['progress-value']);
  const filled = value === undefined ? [] : [build.block(valueWide(value, at.fraction), [], 'block', undefined)];
  return build.block(style, [build.block(bar, filled, 'block', undefined)], at.outer, at.source);
}

/**
 * A progress bar's native look: a rounded track half the control's height, centred, with the
 * value's part filled.
 */
function barBox(build: AnonymousBoxBuild, style: ComputedStyle, source: BoxElement, outer: 'block' | 'inline', value: { fraction: number; fill: Color }): BlockBox {
  const { fraction, fill } = value;
  // the track is half the control's height (8px of Chromium's 1em), centred
  const controlHeight = typeof style.height === 'number' ? style.height : style.fontSize;
  const half = controlHeight / 2;
  const base = build.anonymousStyle(style, 'block');
  // a light accent darkens the unfilled track (accent-contrast.ts)
  const track: ComputedStyle = {
    ...base, ...roundRadii(half), height: half, marginTop: controlHeight / 4, boxSizing: 'border-box',
    backgroundColor: trackColors(fill).fill, ...solidBorder(1, trackColors(fill).border),
  };
  const bar: ComputedStyle = { ...base, ...roundRadii(half), width: { kind: 'percent', value: fraction * 100 }, height: { kind: 'percent', value: 100 }, backgroundColor: fill };
  const children = fraction > 0 ? [build.block(bar, [], 'block', undefined)] : [];
  return build.block(style, [build.block(track, children, 'block', undefined)], outer, source);
}
