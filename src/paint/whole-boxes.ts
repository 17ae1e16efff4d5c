/**
 * The whole box a sliced fragment is cut from (CSS Fragmentation 3 §5.4): with
 * `box-decoration-break: slice` (the default) a box split across pages, columns or lines is
 * painted as if its fragments were stitched together — one below the other for a block, side by
 * side for an inline box's lines — and then cut apart again. Its background images and gradients
 * are sized and positioned, its `clip-path` and mask layers laid, over that whole box, as Chromium
 * 156 prints them: a gradient runs on from one page to the next rather than starting again.
 *
 * A fragment's place in the whole is known only once the box's last fragment is laid out, so the
 * pages from its first fragment wait for it (stitchedInOrder, in render.ts's pipeline). Only boxes
 * whose painting reads the whole are followed: most documents have none, and their pages pass
 * straight through.
 */
import type { Box } from '../boxes/types.js';
import { childBoxes } from '../boxes/types.js';
import type { Sides } from '../geometry/types.js';
import type { BoxFragment, Fragment, PageLayout } from '../layout/types.js';
import type { LaidOut } from '../layout/driver/document.js';
import type { PlacedBox } from './placed.js';
import { paintedBorderBox } from './placed.js';
import type { BackgroundArea } from './background.js';
import { canvasSourceBox, fragmentArea, hasBackgroundImage } from './background.js';
import { hasMaskImage } from './mask-layers.js';
import type { Matrix } from '../geometry/matrix.js';
import { NO_RADII } from '../css/values/radii.js';

/** A box's whole, as its painters take a fragment: the box and the page position of its border box. */
export interface WholeBox {
  readonly box: PlacedBox;
  readonly x: number;
  readonly y: number;
}

/** Where a fragment lies in its box's whole. */
interface WholePlace {
  /** `block`: the fragments stacked top to bottom (pages, columns); `inline`: side by side (lines), from the left or, right to left, from the right. */
  readonly axis: 'block' | 'inline';
  /** How far the whole's top or left edge is before this fragment's along the axis, px. */
  readonly before: number;
  /** The whole's length along the axis: its fragments' lengths summed. */
  readonly length: number;
  /** The border and padding the whole has at its top or left and its bottom or right edge along the axis (its fragments are cut there). */
  readonly start: { readonly border: number; readonly padding: number };
  readonly end: { readonly border: number; readonly padding: number };
}

/** The fragments of one box seen so far, its last one still to come. */
interface OpenWhole {
  readonly axis: WholePlace['axis'];
  readonly fragments: BoxFragment[];
  length: number;
}

/** The whole of an inline box carries its edges on both sides. */
const BOTH_EDGES = { left: true, right: true } as const;

/**
 * Whether painting `box` reads its whole: an image layer, a clip path or a mask, sliced. The box
 * whose background the canvas paints, page by page, reads it only for its clip path or mask.
 */
function readsWhole(box: Box, canvas: Box | undefined): boolean {
  const style = box.style;
  if (style.boxDecorationBreak === 'clone' || style.writingMode !== 'horizontal-tb') return false;
  return (box !== canvas && hasBackgroundImage(style)) || style.clipPath !== 'none' || hasMaskImage(style);
}

const lengthOf = (f: BoxFragment, axis: WholePlace['axis']): number => (axis === 'block' ? f.height : f.width);

export class WholeBoxes {
  private readonly open = new Map<Box, OpenWhole>();
  private readonly places = new WeakMap<BoxFragment, WholePlace>();
  /** The pages taken from a `whole` item, yielded again one by one after it. */
  private readonly pagesTaken = new WeakSet<PageLayout>();

  /** `canvas`: the box whose background the canvas paints (background.ts canvasSourceBox). */
  private constructor(private readonly canvas: Box | undefined) {}

  /** The whole boxes of a render, or undefined when no box of `root`'s tree would read its whole. */
  static of(root: Box): WholeBoxes | undefined {
    const canvas = canvasSourceBox(root);
    const stack: Box[] = [root];
    while (stack.length > 0) {
      const box = stack.pop()!;
      if (readsWhole(box, canvas)) return new WholeBoxes(canvas);
      for (const child of childBoxes(box)) stack.push(child);
    }
    return undefined;
  }

  /** Whether a box whose fragments are on the pages taken so far has fragments still to come. */
  get waiting(): boolean {
    return this.open.size > 0;
  }

  /** Takes the fragments of a page's flow, in the order they are painted. */
  takePage(page: PageLayout): void {
    this.pagesTaken.add(page);
    this.take(page.children);
  }

  /** Whether the page's fragments were taken already (from a `whole` item). */
  hasTaken(page: PageLayout): boolean {
    return this.pagesTaken.has(page);
  }

  private take(fragments: readonly Fragment[]): void {
    for (const f of fragments) {
      if (f.kind === 'box') {
        if ((f.continuedBefore || f.continuedAfter) && readsWhole(f.box, this.canvas)) this.follow(f);
        this.take(f.children);
      } else if (f.kind === 'line') this.take(f.children);
    }
  }

  /** Ends every box still waiting with the fragments it has (the document ended, or too many pages waited). */
  endAll(): void {
    for (const [box, whole] of this.open) this.end(box, whole);
  }

  /** The whole of `f`'s box, `f`'s border box at (x, y); undefined when `f` is not a cut fragment followed here. */
  wholeOf(f: PlacedBox, x: number, y: number): WholeBox | undefined {
    const place = this.places.get(f as BoxFragment);
    if (place === undefined) return undefined;
    const edge = (sides: Sides, which: 'border' | 'padding'): Sides => (place.axis === 'block'
      ? { ...sides, top: place.start[which], bottom: place.end[which] }
      : { ...sides, left: place.start[which], right: place.end[which] });
    const box: PlacedBox = {
      ...f, border: edge(f.border, 'border'), padding: edge(f.padding, 'padding'), continuedBefore: false, continuedAfter: false,
      ...(place.axis === 'block' ? { height: place.length } : { width: place.length, inlineEdges: BOTH_EDGES }),
    };
    return place.axis === 'block' ? { box, x, y: y - place.before } : { box, x: x - place.before, y };
  }

  /** The background area of `f`'s whole box, painted on whole pixels (placed.ts snappedRect); undefined as wholeOf. */
  areaOf(f: PlacedBox, x: number, y: number, frame: Matrix | undefined): BackgroundArea | undefined {
    const whole = this.wholeOf(f, x, y);
    return whole && fragmentArea(whole.box, paintedBorderBox(whole.box, whole.x, whole.y, frame), NO_RADII);
  }

  private follow(f: BoxFragment): void {
    const axis = f.inlineEdges === undefined ? 'block' : 'inline';
    let whole = this.open.get(f.box);
    if (whole === undefined || !f.continuedBefore) {
      if (whole !== undefined) this.end(f.box, whole);
      whole = { axis, fragments: [], length: 0 };
      this.open.set(f.box, whole);
    }
    whole.fragments.push(f);
    whole.length += lengthOf(f, axis);
    if (!f.continuedAfter) this.end(f.box, whole);
  }

  private end(box: Box, { axis, fragments, length }: OpenWhole): void {
    this.open.delete(box);
    if (fragments.length < 2) return;
    // a right-to-left inline box's lines stand side by side from the right: its first line's at the right end
    const ordered = axis === 'inline' && fragments[0]!.style.direction === 'rtl' ? fragments.toReversed() : fragments;
    const first = ordered[0]!;
    const last = ordered[ordered.length - 1]!;
    const start = axis === 'block' ? { border: first.border.top, padding: first.padding.top } : { border: first.border.left, padding: first.padding.left };
    const end = axis === 'block' ? { border: last.border.bottom, padding: last.padding.bottom } : { border: last.border.right, padding: last.padding.right };
    let before = 0;
    for (const f of ordered) {
      this.places.set(f, { axis, before, length, start, end });
      before += lengthOf(f, axis);
    }
  }
}

/** At most this many pages wait for a box's last fragment: a box across more is stitched in stretches of this many. */
export const MAX_HELD_PAGES = 64;

/**
 * `items` as layout yields them, each passed on once the whole of every followed box on it and
 * on the pages before it is known; the margin boxes of an earlier page keep their place. `warn`
 * is told once when a box's fragments run over more than MAX_HELD_PAGES pages.
 */
export function* stitchedInOrder(items: Iterable<LaidOut>, wholes: WholeBoxes, warn: (message: string) => void): Generator<LaidOut> {
  const held: LaidOut[] = [];
  let heldPages = 0;
  let warned = false;
  for (const laid of items) {
    if (laid.kind === 'whole') {
      // every page is known before the first is yielded: every whole with them
      for (const page of laid.pages) wholes.takePage(page);
      wholes.endAll();
    } else if (laid.kind === 'page' && !wholes.hasTaken(laid.page)) {
      wholes.takePage(laid.page);
      heldPages++;
    }
    held.push(laid);
    if (wholes.waiting && heldPages <= MAX_HELD_PAGES) continue;
    if (wholes.waiting) {
      wholes.endAll();
      if (!warned) warn(`a box with background images, a clip path or a mask is split across more than ${MAX_HELD_PAGES} pages: they are sized and positioned over each ${MAX_HELD_PAGES} pages of it, not over the whole box`);
      warned = true;
    }
    yield* held.splice(0);
    heldPages = 0;
  }
  wholes.endAll();
  yield* held;
}
