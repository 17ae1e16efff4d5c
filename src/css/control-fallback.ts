/**
 * Chromium's adjustments of controls the author restyles. A control given an author border, border
 * radius or background loses its native look (LayoutTheme's "control styled" test): a progress
 * bar's `auto` becomes `none`, so it is drawn from its parts (`::-webkit-progress-bar`, `-value`),
 * as UIkit's `.uk-progress` prints, and a meter's, whose parts then keep the UA sheet's gradients
 * (boxes/meter-parts.ts) instead of their native look (withNativeMeterPart); a drop-down select's
 * `menulist` becomes `menulist-button`,
 * painted on ButtonFace (#efefef) unless the author gives it a background (a select with
 * `border: 1px solid #999` prints grey, not white; padding, width or font keep the native look).
 * A list box sits on the text's bottom unless the author aligns it (Chromium's html.css gives
 * `select:-internal-list-box` `vertical-align: text-bottom`: a rule no selector here can write, as
 * the list box is told by `size` as a number). A button told `display: inline` is inline-block,
 * as Chromium's style adjuster makes it.
 */
import type { DomElement } from '../dom/types.js';
import type { Declaration } from './stylesheet.js';
import type { BorderStyle, Color, ComputedStyle, ControlPart, LengthPercentage } from './model/types.js';
import { plusPx } from './values/length.js';
import { LONGHAND_INDEX } from './properties/registry.js';
import { restyled } from './compute.js';

const SIDES = ['top', 'right', 'bottom', 'left'];
const CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];
const slots = (names: readonly string[]): number[] => names.map((name) => LONGHAND_INDEX.get(name)!);
const BORDER_SLOTS = slots([...SIDES.flatMap((side) => ['style', 'width', 'color'].map((part) => `border-${side}-${part}`)), ...CORNERS.map((corner) => `border-${corner}-radius`)]);
const BACKGROUND_SLOTS = slots(['background-color', 'background-image']);
const VERTICAL_ALIGN_SLOTS = slots(['vertical-align']);
const BUTTON_FACE = { r: 239, g: 239, b: 239, a: 1 };
const RADIUS_SLOTS = slots(CORNERS.map((corner) => `border-${corner}-radius`));
const BORDER_LINE_SLOTS = BORDER_SLOTS.filter((slot) => !RADIUS_SLOTS.includes(slot));

/** A flat background of `color`, as the native rules' `background` shorthand sets it. */
const flat = (color: Color): Partial<ComputedStyle> => ({ backgroundColor: color, backgroundImage: ['none'] });
const NATIVE_METER_BORDER: Color = { r: 118, g: 118, b: 118, a: 0.3 };
const NATIVE_METER_CORNER = [20, 20] as const;
/**
 * Chromium's native look of a meter (html.css, the rules of its parts while the meter's
 * `appearance` is not `none`, which outrank the gradients and yield to the author's): a light
 * bar in a thin grey border, rounded, and the value's part in the flat colour of its region.
 */
const NATIVE_METER_PARTS: Partial<Record<ControlPart, { background: Partial<ComputedStyle>; border?: Partial<ComputedStyle>; radius?: Partial<ComputedStyle> }>> = {
  'meter-bar': {
    background: flat(BUTTON_FACE),
    border: {
      borderTopWidth: 1, borderRightWidth: 1, borderBottomWidth: 1, borderLeftWidth: 1,
      borderTopStyle: 'solid', borderRightStyle: 'solid', borderBottomStyle: 'solid', borderLeftStyle: 'solid',
      borderTopColor: NATIVE_METER_BORDER, borderRightColor: NATIVE_METER_BORDER, borderBottomColor: NATIVE_METER_BORDER, borderLeftColor: NATIVE_METER_BORDER,
    },
    radius: { borderTopLeftRadius: NATIVE_METER_CORNER, borderTopRightRadius: NATIVE_METER_CORNER, borderBottomRightRadius: NATIVE_METER_CORNER, borderBottomLeftRadius: NATIVE_METER_CORNER },
  },
  'meter-optimum-value': { background: flat({ r: 16, g: 124, b: 16, a: 1 }) },
  'meter-suboptimum-value': { background: flat({ r: 255, g: 185, b: 0, a: 1 }) },
  'meter-even-less-good-value': { background: flat({ r: 216, g: 59, b: 1, a: 1 }) },
};
const DARK_METER_BORDER: Color = { r: 133, g: 133, b: 133, a: 1 };
/** In a dark colour scheme (Chromium 156, measured): a #3b3b3b bar in an opaque #858585 line, the optimum value #74b374. */
const DARK_METER_PARTS: typeof NATIVE_METER_PARTS = {
  ...NATIVE_METER_PARTS,
  'meter-bar': {
    ...NATIVE_METER_PARTS['meter-bar']!,
    background: flat({ r: 59, g: 59, b: 59, a: 1 }),
    border: { ...NATIVE_METER_PARTS['meter-bar']!.border, borderTopColor: DARK_METER_BORDER, borderRightColor: DARK_METER_BORDER, borderBottomColor: DARK_METER_BORDER, borderLeftColor: DARK_METER_BORDER },
  },
  'meter-optimum-value': { background: flat({ r: 116, g: 179, b: 116, a: 1 }) },
};

/**
 * A meter part's style given its meter's `appearance`: with the native look (not `none`), the
 * native rules' background, border and radius where no author declaration won them.
 */
export function withNativeMeterPart(part: ControlPart, appearance: ComputedStyle['appearance'], style: ComputedStyle, cascaded: { winners: readonly (Declaration | undefined)[]; uaWinners: readonly (Declaration | undefined)[] | undefined }): ComputedStyle {
  const native = (style.colorScheme === 'dark' ? DARK_METER_PARTS : NATIVE_METER_PARTS)[part];
  if (native === undefined || appearance === 'none') return style;
  const { winners, uaWinners } = cascaded;
  const unset = (indices: readonly number[]): boolean => uaWinners === undefined || !authorWon(indices, winners, uaWinners);
  return restyled(style, {
    ...(unset(BACKGROUND_SLOTS) ? native.background : {}),
    ...(native.border !== undefined && unset(BORDER_LINE_SLOTS) ? native.border : {}),
    ...(native.radius !== undefined && unset(RADIUS_SLOTS) ? native.radius : {}),
  });
}

/** Whether a declaration other than the UA sheet's won one of `indices` (`uaWinners` is the UA origin's result). */
function authorWon(indices: readonly number[], winners: readonly (Declaration | undefined)[], uaWinners: readonly (Declaration | undefined)[]): boolean {
  return indices.some((index) => winners[index] !== uaWinners[index]);
}

/**
 * The style of `element` as Chromium adjusts it (above). `uaWinners` is undefined when no author
 * declaration applies to the element.
 */
export function withControlFallback(element: DomElement, style: ComputedStyle, winners: readonly (Declaration | undefined)[], uaWinners: readonly (Declaration | undefined)[] | undefined): ComputedStyle {
  // a button is atomic whatever its display: Chromium's style adjuster makes `inline` inline-block (its width applies)
  if (element.name === 'button') return withLook(style.display === 'inline' ? restyled(style, { display: 'inline-block' }) : style, BUTTON_LOOK, winners, uaWinners);
  if (element.name === 'textarea') return withoutNativeLook(style, CORNERS_ONLY, winners, uaWinners);
  if (element.name === 'progress' || element.name === 'meter') {
    const styled = style.appearance === 'auto' && uaWinners !== undefined && (authorWon(BACKGROUND_SLOTS, winners, uaWinners) || authorWon(BORDER_SLOTS, winners, uaWinners));
    return styled ? restyled(style, { appearance: 'none' }) : style;
  }
  if (element.name === 'input') return MARKS.has(inputTypeAttribute(element)) ? withNativeMark(style) : withLook(style, inputLook(element), winners, uaWinners);
  if (element.name !== 'select') return style;
  if (isListBox(element)) return uaWinners !== undefined && authorWon(VERTICAL_ALIGN_SLOTS, winners, uaWinners) ? style : restyled(style, { verticalAlign: 'text-bottom' });
  if (style.appearance === 'none') return style;
  const authorBackground = uaWinners !== undefined && authorWon(BACKGROUND_SLOTS, winners, uaWinners);
  const styled = style.appearance === 'menulist-button' || authorBackground || (uaWinners !== undefined && authorWon(BORDER_SLOTS, winners, uaWinners));
  if (!styled) return style;
  return restyled(withoutNativeLook(style, CORNERS_ONLY, winners, uaWinners, true), authorBackground ? { appearance: 'menulist-button' } : { appearance: 'menulist-button', backgroundColor: BUTTON_FACE });
}

const MARKS: ReadonlySet<string> = new Set(['checkbox', 'radio']);
const NO_MARK_EDGES: Partial<ComputedStyle> = {
  paddingTop: 0, paddingRight: 0, paddingBottom: 0, paddingLeft: 0,
  borderTopWidth: 0, borderRightWidth: 0, borderBottomWidth: 0, borderLeftWidth: 0,
  borderTopStyle: 'none', borderRightStyle: 'none', borderBottomStyle: 'none', borderLeftStyle: 'none',
  borderTopLeftRadius: [0, 0], borderTopRightRadius: [0, 0], borderBottomRightRadius: [0, 0], borderBottomLeftRadius: [0, 0],
  ...flat({ r: 0, g: 0, b: 0, a: 0 }),
};

/**
 * A checkbox or radio with its native look (any `appearance` but `none`): no author border,
 * background or padding takes it away (it is not "control styled"). Chromium's LayoutTheme resets
 * its padding and border (AdjustCheckboxStyle, AdjustRadioStyle: "not honored") and paints the
 * native mark over its whole border box instead of its background, so Water.css's `input {
 * padding: 10px; border-radius: 6px; background: #efefef }` leaves a 1em checkbox drawn natively.
 */
function withNativeMark(style: ComputedStyle): ComputedStyle {
  return style.appearance === 'none' ? style : restyled(style, NO_MARK_EDGES);
}

/**
 * What a control shows once it loses its native look (Chromium's html.css): octavo's UA sheet
 * draws the native look instead — a 1px #767676 border with round corners and more padding, the
 * same size as Chromium's 2px inset or outset border — so each of these the author did not set
 * takes Chromium's value. The corners are square; `padding` and `border` are left out where
 * Chromium's are the sheet's (a textarea, a select).
 */
interface PlainLook {
  /** Top, right, bottom, left. */
  readonly padding?: readonly [number, number, number, number];
  readonly border?: { readonly width: number; readonly style: BorderStyle; readonly color?: Color };
}

const FIELD_LOOK: PlainLook = { padding: [1, 2, 1, 2], border: { width: 2, style: 'inset' } };
const DATE_TIME_LOOK: PlainLook = { padding: [0, 0, 0, 1], border: { width: 2, style: 'inset' } };
const BUTTON_LOOK: PlainLook = { padding: [1, 6, 1, 6], border: { width: 2, style: 'outset', color: { r: 0, g: 0, b: 0, a: 1 } } };
/** A textarea's and a select's padding and border are Chromium's already: only their corners change. */
const CORNERS_ONLY: PlainLook = {};

/** `<input>` types with no native look of a field or button to lose (the others are fields, known or not: HTML §4.10.5). */
const NOT_FIELDS: ReadonlySet<string> = new Set(['checkbox', 'radio', 'hidden', 'image', 'range', 'color', 'file']);
const INPUT_BUTTONS: ReadonlySet<string> = new Set(['submit', 'reset', 'button']);
/** The `<input>` types of a date or time field (boxes/date-time-fields.ts writes their values). */
export const DATE_TIME_INPUT_TYPES: ReadonlySet<string> = new Set(['date', 'time', 'datetime-local', 'month', 'week']);

/** An `<input>`'s `type` attribute as written, trimmed and in lower case ('' when missing): what its type is told by. */
export function inputTypeAttribute(element: DomElement): string {
  return (element.attribs['type'] ?? '').trim().toLowerCase();
}

function inputLook(element: DomElement): PlainLook | undefined {
  const type = inputTypeAttribute(element);
  if (NOT_FIELDS.has(type)) return undefined;
  if (INPUT_BUTTONS.has(type)) return BUTTON_LOOK;
  return DATE_TIME_INPUT_TYPES.has(type) ? DATE_TIME_LOOK : FIELD_LOOK;
}

const PADDING_SLOTS = slots(SIDES.map((side) => `padding-${side}`));
const BORDER_WIDTH_SLOTS = slots(SIDES.map((side) => `border-${side}-width`));
const BORDER_STYLE_SLOTS = slots(SIDES.map((side) => `border-${side}-style`));
const BORDER_COLOR_SLOTS = slots(SIDES.map((side) => `border-${side}-color`));
const PADDING_KEYS = ['paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft'] as const;
const BORDER_WIDTH_KEYS = ['borderTopWidth', 'borderRightWidth', 'borderBottomWidth', 'borderLeftWidth'] as const;
const BORDER_STYLE_KEYS = ['borderTopStyle', 'borderRightStyle', 'borderBottomStyle', 'borderLeftStyle'] as const;
const BORDER_COLOR_KEYS = ['borderTopColor', 'borderRightColor', 'borderBottomColor', 'borderLeftColor'] as const;
const RADIUS_KEYS = ['borderTopLeftRadius', 'borderTopRightRadius', 'borderBottomRightRadius', 'borderBottomLeftRadius'] as const;
const SQUARE = [0, 0] as const;

/**
 * A field's or button's style: without its native look once the author restyles it (below); with
 * it, each padding side the author set is 1px wider — Chromium's native control keeps its 2px border
 * inside the painted 1px line, which the UA sheet's 1px border plus 1px of padding stands for
 * (a button with `padding: 6px` is 31px tall in Chromium, not 29).
 */
function withLook(style: ComputedStyle, look: PlainLook | undefined, winners: readonly (Declaration | undefined)[], uaWinners: readonly (Declaration | undefined)[] | undefined): ComputedStyle {
  if (look === undefined || uaWinners === undefined) return style;
  if (style.appearance === 'none' || authorWon(BORDER_SLOTS, winners, uaWinners) || authorWon(BACKGROUND_SLOTS, winners, uaWinners)) return withoutNativeLook(style, look, winners, uaWinners, true);
  if (!authorWon(PADDING_SLOTS, winners, uaWinners)) return style;
  const changes: Partial<Record<(typeof PADDING_KEYS)[number], LengthPercentage>> = {};
  for (let side = 0; side < 4; side++) {
    if (winners[PADDING_SLOTS[side]!] !== uaWinners[PADDING_SLOTS[side]!]) changes[PADDING_KEYS[side]] = plusPx(style[PADDING_KEYS[side]], 1);
  }
  return restyled(style, changes);
}

/**
 * A control given an author border, border radius or background, or `appearance: none`, as
 * Chromium shows it once it loses its native look (PlainLook): `border: 1px solid #ccc` makes a
 * 175 × 19px text field, not 177 × 21, with square corners. `styled`: the caller has told it so.
 */
function withoutNativeLook(style: ComputedStyle, look: PlainLook | undefined, winners: readonly (Declaration | undefined)[], uaWinners: readonly (Declaration | undefined)[] | undefined, styled = false): ComputedStyle {
  if (look === undefined || uaWinners === undefined) return style;
  if (!styled && style.appearance !== 'none' && !authorWon(BORDER_SLOTS, winners, uaWinners) && !authorWon(BACKGROUND_SLOTS, winners, uaWinners)) return style;
  const changes: Record<string, unknown> = {};
  const unlessAuthor = (slot: number, key: string, value: unknown): void => {
    if (winners[slot] === uaWinners[slot]) changes[key] = value;
  };
  for (let side = 0; side < 4; side++) {
    unlessAuthor(RADIUS_SLOTS[side]!, RADIUS_KEYS[side], SQUARE);
    if (look.padding !== undefined) unlessAuthor(PADDING_SLOTS[side]!, PADDING_KEYS[side], look.padding[side]);
    if (look.border === undefined) continue;
    unlessAuthor(BORDER_WIDTH_SLOTS[side]!, BORDER_WIDTH_KEYS[side], look.border.width);
    unlessAuthor(BORDER_STYLE_SLOTS[side]!, BORDER_STYLE_KEYS[side], look.border.style);
    if (look.border.color !== undefined) unlessAuthor(BORDER_COLOR_SLOTS[side]!, BORDER_COLOR_KEYS[side], look.border.color);
  }
  return restyled(style, changes as Partial<ComputedStyle>);
}

/**
 * What withControlFallback reads of the element besides its style: its name's and attributes'
 * part of the key a computed style is shared under (two selects matching the same rules, one a
 * list box, do not share one: the drop-down's would lose the list box's `text-bottom`).
 */
export function controlFallbackKey(element: DomElement): string {
  if (element.name === 'select') return isListBox(element) ? 'list-box' : 'menulist';
  return element.name === 'input' ? `input ${inputTypeAttribute(element)}` : '';
}

/** A select shown as a list box (`multiple`, or `size` above 1) has no drop-down look to lose. */
export function isListBox(element: DomElement): boolean {
  return listBoxRows(element) !== undefined;
}

/** The rows a list box shows (its `size` above 1, else 4 with `multiple`); undefined for a drop-down. */
export function listBoxRows(element: DomElement): number | undefined {
  const size = Number.parseInt(element.attribs['size'] ?? '', 10);
  if (size > 1) return size;
  return element.attribs['multiple'] !== undefined ? 4 : undefined;
}
