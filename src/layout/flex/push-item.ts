/**
 * An item of a flex row that goes to the next page alone (CSS Fragmentation 3 §4.1, as Chromium
 * 156 prints it): an item whose border box starts below its row's top (a top margin,
 * `align-self: center` or `flex-end`) has a break point before it of its own, so when it cannot
 * break (`break-inside: avoid`, an image) and does not fit, it moves to the next page while the
 * rest of its row stays, where it starts at the top, its top margin truncated (an unforced
 * break). An item at the row's top has no such break point: the row moves whole instead
 * (paginate.ts). Such an item none of which fits (its first line) goes on alone too, breakable or
 * not. Chromium's flex layout sets `has_container_separation` for that item.
 */
import type { PhysicalBox } from './place.js';
import type { PlannedItem } from './plan.js';
import { isVerticalRoot } from '../orthogonal.js';

/**
 * Breaks inside the item are avoided, or it cannot break at all: a replaced box, or a vertical
 * writing-mode root in the horizontal page (an orthogonal flow is monolithic, CSS Fragmentation 3
 * §4.1 — a rotated side label moves its row to the next page, as Chromium 156 prints it).
 */
export function cannotBreakInside(planned: PlannedItem): boolean {
  const value = planned.item.style.breakInside;
  return planned.item.box.kind === 'replaced' || isVerticalRoot(planned.item.box) || value === 'avoid' || value === 'avoid-page';
}

/**
 * The item of a row going on past `pageBottom` that moves to the next page alone: below the row's
 * top (`rowTop`, as `box`, in the container's content box), unbreakable, and too tall for what is left.
 */
export function pushedAlone(entry: RowEntry, rowTop: number, pageBottom: number): boolean {
  return belowRowTop(entry, rowTop) && cannotBreakInside(entry.planned) && entry.box.y + entry.box.height > pageBottom + 0.01;
}

/** The item has a break point before it of its own: its border box starts below its row's top. Nothing of such an item that fits goes on alone too. */
export function belowRowTop(entry: RowEntry, rowTop: number): boolean {
  return entry.box.y > rowTop + 0.01;
}

/**
 * Where an item pushed alone starts on the next page, in the container's content box there:
 * where it stood in the container as laid out whole, less what the earlier pages took of it
 * (a top margin running past the break goes on), and at least at the top, as in Chromium.
 */
export function pushedTop(entry: RowEntry, consumed: number): number {
  return Math.max(0, entry.box.y - consumed);
}

interface RowEntry {
  readonly planned: PlannedItem;
  readonly box: PhysicalBox;
}
