/**
 * Chromium's adjustments of controls the author restyles. A control given an author border, border
 * radius or background loses its native look (LayoutTheme's "control styled" test): a progress
 * bar's `auto` becomes `none`, so it is drawn from its parts (`::-webkit-progress-bar`, `-value`),
 * as UIkit's `.uk-progress` prints, and a meter's, drawn from its fallback parts (a grey bar, the
 * value's gradient: boxes/form-controls.ts); a drop-down select's `menulist` becomes `menulist-button`,
 * painted on ButtonFace (#efefef) unless the author gives it a background (a select with
 * `border: 1px solid #999` prints grey, not white; padding, width or font keep the native look).
 * A list box sits on the text's bottom unless the author aligns it (Chromium's html.css gives
 * `select:-internal-list-box` `vertical-align: text-bottom`: a rule no selector here can write, as
 * the list box is told by `size` as a number). A button told `display: inline` is inline-block,
 * as Chromium's style adjuster makes it.
 */
import type { DomElement } from '../dom/types.js';
import type { Declaration } from './stylesheet.js';
import type { ComputedStyle } from './model/types.js';
import { LONGHAND_INDEX } from './properties/registry.js';
import { restyled } from './compute.js';

const SIDES = ['top', 'right', 'bottom', 'left'];
const CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];
const slots = (names: readonly string[]): number[] => names.map((name) => LONGHAND_INDEX.get(name)!);
const BORDER_SLOTS = slots([...SIDES.flatMap((side) => ['style', 'width', 'color'].map((part) => `border-${side}-${part}`)), ...CORNERS.map((corner) => `border-${corner}-radius`)]);
const BACKGROUND_SLOTS = slots(['background-color', 'background-image']);
const VERTICAL_ALIGN_SLOTS = slots(['vertical-align']);
const BUTTON_FACE = { r: 239, g: 239, b: 239, a: 1 };

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
  if (element.name === 'button') return style.display === 'inline' ? restyled(style, { display: 'inline-block' }) : style;
  if (element.name === 'progress' || element.name === 'meter') {
    const styled = style.appearance === 'auto' && uaWinners !== undefined && (authorWon(BACKGROUND_SLOTS, winners, uaWinners) || authorWon(BORDER_SLOTS, winners, uaWinners));
    return styled ? restyled(style, { appearance: 'none' }) : style;
  }
  if (element.name !== 'select') return style;
  if (isListBox(element)) return uaWinners !== undefined && authorWon(VERTICAL_ALIGN_SLOTS, winners, uaWinners) ? style : restyled(style, { verticalAlign: 'text-bottom' });
  if (style.appearance === 'none') return style;
  const authorBackground = uaWinners !== undefined && authorWon(BACKGROUND_SLOTS, winners, uaWinners);
  const styled = style.appearance === 'menulist-button' || authorBackground || (uaWinners !== undefined && authorWon(BORDER_SLOTS, winners, uaWinners));
  if (!styled) return style;
  return restyled(style, authorBackground ? { appearance: 'menulist-button' } : { appearance: 'menulist-button', backgroundColor: BUTTON_FACE });
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
