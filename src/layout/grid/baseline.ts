/**
 * Baseline self-alignment in grid rows (CSS Box Alignment 3 §9.3, CSS Grid 1 §11.5): items of a
 * row whose `align-self` is `baseline` share its first baseline; each moves down by how much its
 * baseline is above the lowest one. A box without a baseline has one at its border-box bottom; an
 * item with an auto margin on the block axis does not take part. (Rows are sized to hold the shift:
 * the baseline shims of sizing.ts.)
 */
import type { Fragment } from '../types.js';
import type { PageContent, PendingPositioned } from '../contract.js';
import { offsetFragment } from '../fragment.js';
import type { ComputedStyle } from '../../css/types.js';
import { usedSelf } from './align.js';

/** A laid-out item that takes part: where its output went in the container's lists. */
export interface BaselineEntry {
  readonly row: number;
  /** Its first baseline, in the container's frame. */
  readonly baseline: number;
  readonly child: number;
  readonly positioned: readonly [number, number];
  readonly pageContent: readonly [number, number];
}

export interface ItemLists {
  readonly children: Fragment[];
  readonly positioned: PendingPositioned[];
  readonly pageContent: PageContent[];
}

/** Does an item take part in its row's first-baseline alignment (`align-self: baseline`, no auto block margin)? */
export function participates(style: ComputedStyle, alignItems: string): boolean {
  const value = usedSelf(style.alignSelf, alignItems);
  return (value === 'baseline' || value === 'first baseline') && style.marginTop !== 'auto' && style.marginBottom !== 'auto';
}

/** Moves each entry's fragment and escaping boxes down to its row's shared baseline; returns the shared baseline of each row. */
export function alignBaselines(entries: readonly BaselineEntry[], lists: ItemLists): ReadonlyMap<number, number> {
  const lowest = new Map<number, number>();
  for (const e of entries) lowest.set(e.row, Math.max(lowest.get(e.row) ?? -Infinity, e.baseline));
  for (const e of entries) {
    const dy = lowest.get(e.row)! - e.baseline;
    if (dy === 0) continue;
    lists.children[e.child] = offsetFragment(lists.children[e.child]!, 0, dy);
    for (let i = e.positioned[0]; i < e.positioned[1]; i++) lists.positioned[i] = { ...lists.positioned[i]!, staticY: lists.positioned[i]!.staticY + dy };
    for (let i = e.pageContent[0]; i < e.pageContent[1]; i++) lists.pageContent[i] = { ...lists.pageContent[i]!, staticY: lists.pageContent[i]!.staticY + dy };
  }
  return lowest;
}
