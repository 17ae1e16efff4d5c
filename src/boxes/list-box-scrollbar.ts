/**
 * The vertical scrollbar of a list box (`<select multiple>`, `size` above 1) as Chromium 156 prints
 * it on Linux (measured at 384 dpi): a 15px track of #fcfcfc along the inside of the right border,
 * an arrow at each end, and — when there are more options than rows — a thumb at the top (the list
 * is printed scrolled to its start). Chromium's UA sheet gives a list box `overflow-y: scroll`, so
 * the track and arrows are there even when nothing scrolls.
 */
import type { ComputedStyle } from '../css/types.js';
import type { AnonymousBoxBuild, OutOfFlowBox, ReplacedBox } from './types.js';

/** The width Chromium keeps for a list box's vertical scrollbar (measured). */
export const LIST_BOX_SCROLLBAR = 15;

/** The arrows' and the thumb's grey, and the track's. */
const PART = '#8b8b8b';
const TRACK = '#fcfcfc';

/** Where the list's scrollbar goes: the list's height, and the author's padding it is drawn across to reach the border. */
export interface ScrollbarPlace {
  readonly listHeight: number;
  readonly paddingTop: number;
  readonly paddingRight: number;
  readonly paddingBottom: number;
  readonly rows: number;
  readonly options: number;
}

/**
 * The scrollbar as a float at the select's right, before its list: its negative margins put it over
 * the room the list keeps for it at its end and across the author's padding, from border to border,
 * and leave it no room of its own (the list beside it keeps its width).
 */
export function listBoxScrollbar(build: AnonymousBoxBuild, style: ComputedStyle, place: ScrollbarPlace): OutOfFlowBox {
  const height = place.listHeight + place.paddingTop + place.paddingBottom;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${LIST_BOX_SCROLLBAR}" height="${height}" viewBox="0 0 ${LIST_BOX_SCROLLBAR} ${height}">${scrollbarParts(height, place)}</svg>`;
  const barStyle: ComputedStyle = {
    ...build.anonymousStyle(style, 'inline'), float: 'right', display: 'block', width: LIST_BOX_SCROLLBAR, height,
    marginTop: -place.paddingTop, marginRight: -place.paddingRight, marginLeft: -LIST_BOX_SCROLLBAR, marginBottom: -height,
  };
  const bar: ReplacedBox = { kind: 'replaced', outer: 'block', src: `data:image/svg+xml,${encodeURIComponent(svg)}`, alt: '', style: barStyle, element: undefined, pseudo: undefined };
  return { kind: 'out-of-flow', scheme: 'float', box: bar, style: barStyle, element: undefined, pseudo: undefined };
}

/**
 * The track, the arrows (8px wide, 4.5px tall, their tips 6.5 and 7.5px from the ends) and the thumb: 9px wide with
 * round ends, 3px below the upper arrow's 15px button, as long as the track's share of the rows
 * less 3px and at least 15px (Chromium 156: 15, 26 and 33px for 3 rows of 4, 4 of 5, 6 of 12).
 */
function scrollbarParts(height: number, place: ScrollbarPlace): string {
  const track = `<rect width="${LIST_BOX_SCROLLBAR}" height="${height}" fill="${TRACK}"/>`;
  const arrows = `<path d="M3.5 11H11.5L7.5 6.5Z M3.5 ${height - 12}H11.5L7.5 ${height - 7.5}Z" fill="${PART}"/>`;
  if (place.options <= place.rows) return track + arrows;
  const between = Math.max(0, height - 2 * LIST_BOX_SCROLLBAR);
  const length = Math.min(Math.max(15, (between * place.rows) / place.options - 3), Math.max(0, between - 3));
  const thumb = length > 0 ? `<rect x="3" y="${LIST_BOX_SCROLLBAR + 3}" width="9" height="${length}" rx="4.5" fill="${PART}"/>` : '';
  return track + arrows + thumb;
}
