/**
 * `justify-self` / `align-self` of an absolutely positioned box outside flex and grid containers
 * (CSS Position 3 §4.1, §4.4; CSS Box Alignment 3 §6.1-6.2), as Chromium 156 places it. The box's
 * margin box is aligned in its inset-modified containing block: the containing block less its
 * insets when both insets of the axis are set; when both are `auto`, the static-position
 * rectangle — in the block axis a line at the static position, in the inline axis the content box
 * of the block it would have been in (a point when it stood in a line). With one `auto` inset the
 * box stays against the other, whatever the alignment. `auto` and `normal` keep CSS 2's rules (a
 * non-replaced box with an auto size fills the room between two insets), `stretch` too; any other
 * value gives an auto size its fit-content size. An auto margin takes the free space first.
 * Overflowing the rectangle between two insets, the box is kept inside the containing block if it
 * fits there, else put at the start (`safe`: at the start; `unsafe`: where the value puts it).
 * Baseline values fall back to `start` (`first`) and `end` (`last`).
 */

type AbsoluteAlign = 'start' | 'center' | 'end';

/** Where a `*-self` value puts the box on one axis, and what it does when the box overflows. */
export interface AbsoluteAlignment {
  readonly align: AbsoluteAlign;
  readonly overflow: 'default' | 'safe' | 'unsafe';
}

/** The alignment a used `*-self` value asks of the box in one axis, or undefined for CSS 2's placement (`normal`, `stretch`). */
export function absoluteAlignment(value: string, axis: 'inline' | 'block', direction: 'ltr' | 'rtl', boxDirection: 'ltr' | 'rtl'): AbsoluteAlignment | undefined {
  const overflow = value.startsWith('safe ') ? 'safe' : value.startsWith('unsafe ') ? 'unsafe' : 'default';
  const keyword = overflow === 'default' ? value : value.slice(value.indexOf(' ') + 1);
  const align = alignOf(keyword, axis, direction, boxDirection);
  return align === undefined ? undefined : { align, overflow };
}

function alignOf(keyword: string, axis: 'inline' | 'block', direction: 'ltr' | 'rtl', boxDirection: 'ltr' | 'rtl'): AbsoluteAlign | undefined {
  switch (keyword) {
    case 'start': case 'flex-start': case 'baseline': case 'first baseline': return 'start';
    case 'end': case 'flex-end': case 'last baseline': return 'end';
    case 'center': return 'center';
    // the box's own direction, where it differs from its containing block's (inline axis only)
    case 'self-start': return axis === 'inline' && boxDirection !== direction ? 'end' : 'start';
    case 'self-end': return axis === 'inline' && boxDirection !== direction ? 'start' : 'end';
    case 'left': return direction === 'rtl' ? 'end' : 'start';
    case 'right': return direction === 'rtl' ? 'start' : 'end';
    default: return undefined;
  }
}

/** Where the margin box starts (from the containing block's start edge) when aligned in a rectangle `[from, from + room]`. */
export function alignedStart(alignment: AbsoluteAlignment, rectangle: { from: number; room: number }, outer: number, rtl: boolean, containing: number | undefined): number {
  const free = rectangle.room - outer;
  const { align, overflow } = alignment;
  // in rtl the start is the right edge
  const physical = rtl ? (align === 'start' ? 'end' : align === 'end' ? 'start' : align) : align;
  const at = rectangle.from + (physical === 'start' ? 0 : physical === 'center' ? free / 2 : free);
  if (free >= 0 || overflow === 'unsafe') return at;
  const start = rtl ? rectangle.from + free : rectangle.from;
  if (overflow === 'safe') return start;
  // in a static-position rectangle (no containing block given): where the value puts it
  if (containing === undefined) return at;
  // between two insets: kept inside the containing block where it fits, else at the start
  return outer <= containing ? Math.min(Math.max(at, 0), containing - outer) : start;
}
