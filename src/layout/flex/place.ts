/**
 * Laying out planned items at their final sizes and moving them into place (CSS Flexbox 1 §9.4
 * step 11, §9.5-9.6): each item is laid out once in its own frame and moved with `offsetFragment`
 * (O(1) in its subtree), its escaping boxes moved with it.
 */
import type { Fragment } from '../types.js';
import type { BreakToken, Fragmentainer, LayoutOutput, PageContent, PendingPositioned } from '../contract.js';
import { layoutBox } from '../contract.js';
import { offsetFragment } from '../fragment.js';
import { relativeOffset } from '../box-model.js';
import { marginOrZero } from '../box-model.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import type { FlexEnv } from './env.js';
import type { PlannedItem } from './plan.js';
import { measureAt } from './measure.js';
import { flexedMainDefinite } from './base-size.js';

/** Where a planned item's border box goes, relative to the container's content box. */
export interface PhysicalBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export function physicalBox(planned: PlannedItem, env: FlexEnv, innerMain: number, innerCross: number): PhysicalBox {
  const { axes } = env;
  const main = axes.mainReverse ? innerMain - planned.mainPos - planned.main : planned.mainPos;
  const cross = axes.crossReverse ? innerCross - planned.crossPos - planned.cross : planned.crossPos;
  return axes.row
    ? { x: main, y: cross, width: planned.main, height: planned.cross }
    : { x: cross, y: main, width: planned.cross, height: planned.main };
}

/** An item laid out and moved to its place in the container's input frame. */
export interface PlacedItem {
  readonly planned: PlannedItem;
  readonly fragment: Fragment;
  readonly output: LayoutOutput;
  readonly positioned: readonly PendingPositioned[];
  readonly pageContent: readonly PageContent[];
}

export interface PlaceOptions {
  readonly mode: 'layout' | 'measure';
  /** The content box's top-left in the container's input frame. */
  readonly originX: number;
  readonly originY: number;
  /** The page the item is cut at, in the container's input frame; the item breaks inside. */
  readonly fragmentainer?: Fragmentainer | undefined;
  readonly resume?: BreakToken | undefined;
}

/**
 * Lays the item out at its used size (stretched items at the line's cross size; a column item's
 * height is its main size) and moves it to `box`. Returns undefined when the fragmentainer pushes it.
 */
export function placeItem(planned: PlannedItem, box: PhysicalBox, env: FlexEnv, options: PlaceOptions): PlacedItem | undefined {
  const { item } = planned;
  const breaking = options.fragmentainer !== undefined;
  const heightDefinite = env.axes.row || flexedMainDefinite(item, env);
  const fixedHeight = (!env.axes.row || planned.stretched) && !breaking ? box.height : undefined;
  // Broken across pages, a column item's definite flexed main size is its height, which spans its
  // fragments (its content overflows it); a stretched row item's height, or a column item's
  // flexed from its content, is a minimum that the content, lengthened by breaking, may exceed.
  const flexedHeight = !env.axes.row && heightDefinite && breaking ? box.height : undefined;
  const stretchedHeight = (env.axes.row ? planned.stretched : !heightDefinite) && breaking ? box.height : undefined;
  const targetX = options.originX + box.x;
  const targetY = options.originY + box.y;
  const ownTop = options.resume !== undefined ? 0 : marginOrZero(item.style.marginTop, env.space.containingWidth);
  const output = options.mode === 'measure' && !breaking
    ? measureAt(item, { width: box.width, height: fixedHeight, heightDefinite }, env.space, env.ctx)
    : laidOut(item.box, { width: box.width, height: fixedHeight, heightDefinite, stretchedHeight, flexedHeight }, env, options, targetY - ownTop);
  if (output === undefined) return undefined;
  const rel = relativeOffset(item.style, env.space.containingWidth, env.space.containingHeight);
  const dx = targetX + rel.dx - output.fragment.x;
  const dy = targetY + rel.dy - output.fragment.y;
  const shift = <T extends PendingPositioned>(p: T): T => ({ ...p, staticX: p.staticX + dx, staticY: p.staticY + dy, staticRight: p.staticRight + dx });
  return {
    planned,
    fragment: offsetFragment(output.fragment, dx, dy),
    output,
    positioned: output.positioned.map(shift),
    pageContent: output.pageContent.map(shift),
  };
}

function laidOut(
  box: PlannedItem['item']['box'], size: { width: number; height: number | undefined; heightDefinite: boolean; stretchedHeight?: number | undefined; flexedHeight?: number | undefined }, env: FlexEnv, options: PlaceOptions, marginBoxTop: number,
): LayoutOutput | undefined {
  const page = options.fragmentainer;
  // Laid out with its margin box at the origin; a fragmentainer is moved into that frame.
  const laid = layoutBox(box, {
    mode: options.mode, available: size.width, containingWidth: env.space.containingWidth, containingHeight: env.space.containingHeight,
    fixedWidth: size.width, fixedHeight: size.height, fixedHeightIndefinite: !size.heightDefinite, stretchedHeight: size.stretchedHeight, flexedHeight: size.flexedHeight, formattingContextRoot: true, x: 0, y: 0, strut: EMPTY_STRUT, exclusions: NO_EXCLUSIONS,
    fragmentainer: page === undefined ? undefined : { ...page, bottom: page.bottom - marginBoxTop },
  }, env.ctx, options.resume);
  return laid.kind === 'placed' ? laid : undefined;
}
