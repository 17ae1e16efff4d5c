/**
 * Fragment frames. During layout a fragment's position (x, y, and a line's or text's baseline
 * and glyph runs) is relative to its parent fragment's border-box origin, so that aligning or
 * moving an already laid-out subtree (a line, an atomic inline, a cell, a positioned box) changes
 * one record: `offsetFragment` is O(1) in the subtree's size. A finished page keeps them so: paint
 * resolves page positions as it walks down (paint/placed.ts), and nothing copies the page.
 */
import type { BoxFragment, Fragment, ImageFragment, LineFragment, PlacedRun, TextFragment } from './types.js';
import type { LayoutBox } from '../boxes/types.js';
import type { ContainerMetrics } from './box-model.js';
import type { ComputedStyle } from '../css/types.js';
import { BoxFragmentRecord, ImageRecord, LineRecord, TextRecord, boxFragment } from './fragment-records.js';

/**
 * The fragment moved by (dx, dy) in its parent's frame; its descendants are untouched. Records
 * are built field by field: a spread of fragments of every shape at one site takes V8's slow
 * generic copy (it was a tenth of a long table's layout).
 */
export function offsetFragment<F extends Fragment>(fragment: F, dx: number, dy: number): F {
  if (dx === 0 && dy === 0) return fragment;
  return movedFragment(fragment, dx, dy) as F;
}

function movedFragment(f: Fragment, dx: number, dy: number): Fragment {
  switch (f.kind) {
    case 'box':
      return placedBox(f, f.x + dx, f.y + dy, f.height, f.children);
    case 'image':
      return new ImageRecord(f, f.x + dx, f.y + dy);
    case 'line':
      return new LineRecord(f, f.x + dx, f.y + dy, f.baseline + dy);
    case 'text': {
      const text = dx === 0 ? f : { style: f.style, width: f.width, runs: f.runs.map((run) => ({ run: run.run, x: run.x + dx, advances: run.advances })), text: f.text, symbol: f.symbol, emphasis: f.emphasis };
      return new TextRecord(text, f.x + dx, f.y + dy, f.height, f.baseline + dy);
    }
  }
}

/** The optional fields of a record type. */
export type OptionalKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? K : never }[keyof T];

/** `true`, or a compile error naming the optional fields left out. */
export type AllCarried<Left> = [Left] extends [never] ? true : { readonly notCarried: Left };

/**
 * The records (fragment-records.ts) copy field by field: these fail to compile when a fragment type
 * gains an optional field that they do not carry over (carry it in the record, then list it here).
 */
export const BOX_COPIES_CARRY_ALL: AllCarried<Exclude<OptionalKeys<BoxFragment>, 'inlineEdges' | 'collapsedBorders' | 'columnRules' | 'backgroundOnlyIn' | 'legendGap' | 'inlineBaseline'>> = true;
export const OTHER_COPIES_CARRY_ALL: AllCarried<OptionalKeys<LineFragment> | Exclude<OptionalKeys<TextFragment>, 'symbol' | 'emphasis'> | OptionalKeys<ImageFragment> | OptionalKeys<PlacedRun>> = true;

/** The box fragment at (x, y), `height` tall, with other children (its optional records kept when it has them). */
export function placedBox(f: BoxFragment, x: number, y: number, height: number, children: readonly Fragment[]): BoxFragment {
  return new BoxFragmentRecord(f, x, y, height, children);
}

/**
 * Fragments placed in a frame whose origin is at (originX, originY) of the current one, as children
 * of a box there; the list itself when the origins coincide (a table cell's content, laid out at 0, 0).
 */
export function relativeTo(fragments: readonly Fragment[], originX: number, originY: number): readonly Fragment[] {
  if (originX === 0 && originY === 0) return fragments;
  return fragments.map((f) => offsetFragment(f, -originX, -originY));
}

/**
 * A container's fragment on one page (flex and multi-column containers): its top border and
 * padding dropped where it continues from the page before, its bottom ones where it goes on to the
 * next (box-decoration-break: slice; `clone` keeps them). `children` are in the page's frame.
 */
export function slicedContainer(
  box: LayoutBox, metrics: ContainerMetrics, at: { readonly x: number; readonly y: number; readonly contentHeight: number },
  children: readonly Fragment[], slices: { readonly continued: boolean; readonly broken: boolean },
): BoxFragment {
  const { x, y, contentHeight } = at;
  const { border, padding, h, edgesX } = metrics;
  // box-decoration-break: clone keeps them at every break (the content left room for them)
  const clone = box.style.boxDecorationBreak === 'clone';
  const cutTop = slices.continued && !clone;
  const cutBottom = slices.broken && !clone;
  const top = { border: cutTop ? 0 : border.top, padding: cutTop ? 0 : padding.top };
  const bottom = { border: cutBottom ? 0 : border.bottom, padding: cutBottom ? 0 : padding.bottom };
  return boxFragment({
    box, style: box.style, x, y,
    width: h.contentWidth + edgesX, height: top.border + top.padding + contentHeight + bottom.padding + bottom.border,
    border: { top: top.border, right: border.right, bottom: bottom.border, left: border.left },
    padding: { top: top.padding, right: padding.right, bottom: bottom.padding, left: padding.left },
    children: relativeTo(children, x, y),
    continuedBefore: slices.continued, continuedAfter: slices.broken,
  });
}

/**
 * Whether `line` is the line of an outside list marker (block/marker.ts appends it to the item's
 * fragment): it holds only text and boxes in the style of the item's `::marker`.
 */
export function isMarkerLine(line: LineFragment, markerStyle: ComputedStyle | undefined): boolean {
  if (markerStyle === undefined || line.children.length === 0) return false;
  return line.children.every((child) => (child.kind === 'text' || child.kind === 'box') && child.style === markerStyle);
}

/**
 * How far below a box fragment's top its content reaches: the lowest bottom among its descendants
 * (children are placed in their parent's frame, so the walk carries the offsets), 0 without any.
 */
export function contentBottom(fragment: BoxFragment): number {
  let lowest = 0;
  const stack: { readonly f: Fragment; readonly top: number }[] = fragment.children.map((f) => ({ f, top: 0 }));
  for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
    const { f, top } = at;
    lowest = Math.max(lowest, top + f.y + f.height);
    if (f.kind === 'box' || f.kind === 'line') for (const child of f.children) stack.push({ f: child, top: top + f.y });
  }
  return lowest;
}
