/**
 * The pieces of a row's stretched items across pages (CSS Flexbox 1 §9.4 step 11, CSS
 * Fragmentation 3): a stretched item reaches the end of its line on every page the line goes on
 * to, as Chromium prints a sidebar beside a main column broken at a page end or a forced break —
 * also once its own content is done (an empty piece of its box on each later page).
 */
import type { BreakToken } from '../contract.js';
import { relativeOffset, usedBorder, usedPadding } from '../box-model.js';
import { boxFragment, withBoxFields } from '../fragment-records.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { EMPTY_STRUT } from '../margins.js';
import { maxOf } from '../../append-all.js';
import type { FlexEnv } from './env.js';
import type { PlannedItem } from './plan.js';
import type { PhysicalBox, PlacedItem } from './place.js';

/**
 * A stretched item of a row split across pages ends where its line does, as Chromium stretches it
 * on every page: its last fragment reaches what the earlier pages left of the line (the container's
 * token says how much of it they consumed), not only to its content's end.
 */
export function stretchedToLineEnd(item: PlacedItem, lineBottom: number, resume: BreakToken | undefined): PlacedItem {
  const fragment = item.fragment;
  if (!item.planned.stretched || item.output.breakToken !== undefined || fragment.kind !== 'box' || resume?.kind !== 'block' || resume.consumed === undefined) return item;
  const height = lineBottom - resume.consumed - item.planned.item.cross.marginEnd;
  return height > fragment.height + 0.01 ? { ...item, fragment: withBoxFields(fragment, { height }) } : item;
}

/**
 * The items of a row that ends on this page after going on over a break, from `first` in `placed`:
 * breaking may have made an item longer than planned (a box that avoids breaks moved down), and
 * the stretched ones reach the line's end here, where its longest item ends, as in Chromium.
 */
export function stretchToUnitEnd(placed: PlacedItem[], first: number): void {
  const marginEnd = (p: PlacedItem): number => p.planned.item.cross.marginEnd;
  const end = maxOf(placed.slice(first).map((p) => p.fragment.y + p.fragment.height + marginEnd(p)));
  for (let k = first; k < placed.length; k++) {
    const item = placed[k]!;
    const height = end - marginEnd(item) - item.fragment.y;
    if (item.planned.stretched && item.fragment.kind === 'box' && height > item.fragment.height + 0.01) placed[k] = { ...item, fragment: withBoxFields(item.fragment, { height }) };
  }
}

/**
 * The stretched items of a row that goes on to the next page (some item of it broke inside)
 * whose content is done, from `first` in `placed`: each goes on too, its box cut at the page end
 * (`pageBottom`) — ending its bottom padding and border above it, which it does not draw, as
 * Chromium prints it. Returns their indices, for the container's token (`stretching`).
 */
export function stretchToPageEnd(placed: PlacedItem[], first: number, pageBottom: number): number[] {
  const stretching: number[] = [];
  for (let k = first; k < placed.length; k++) {
    const item = placed[k]!;
    const f = item.fragment;
    // (an image does not go on: it is monolithic)
    if (!item.planned.stretched || item.output.breakToken !== undefined || f.kind !== 'box' || item.planned.item.box.kind === 'replaced') continue;
    const edges = f.border.bottom + f.padding.bottom;
    const height = Math.max(f.height, pageBottom - f.y) - edges;
    placed[k] = { ...item, fragment: withBoxFields(f, { height, border: { ...f.border, bottom: 0 }, padding: { ...f.padding, bottom: 0 }, continuedAfter: true }) };
    stretching.push(item.planned.item.index);
  }
  return stretching;
}

/**
 * The piece of a stretched item whose content is done, on a page its line goes on to: its box
 * at the page top without its top edges, as tall as its bottom edges (stretchToUnitEnd lengthens
 * it to the line's end; stretchToPageEnd when the line goes on again).
 */
export function emptyPiece(planned: PlannedItem, box: PhysicalBox, env: FlexEnv, origin: { readonly x: number; readonly y: number }): PlacedItem {
  const style = planned.item.style;
  const rel = relativeOffset(style, env.space.containingWidth, env.space.containingHeight);
  const border = usedBorder(style);
  const padding = usedPadding(style, env.space.containingWidth);
  const fragment = boxFragment({
    box: planned.item.box, style, x: origin.x + box.x + rel.dx, y: origin.y + rel.dy, width: box.width, height: border.bottom + padding.bottom,
    border: { ...border, top: 0 }, padding: { ...padding, top: 0 }, children: [], continuedBefore: true, continuedAfter: false,
  });
  return {
    planned, fragment, positioned: [], pageContent: [],
    output: {
      kind: 'placed', fragment, endY: fragment.y + fragment.height, strut: EMPTY_STRUT, resolvedAt: fragment.y, baselines: { first: undefined, last: undefined },
      breakToken: undefined, forcedBreakAfter: undefined, exclusions: NO_EXCLUSIONS, positioned: [], pageContent: [],
    },
  };
}
