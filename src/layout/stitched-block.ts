/**
 * Absolutely positioned boxes whose containing block is broken across pages (CSS Fragmentation 3
 * §4.3, as Chromium's LayoutNG places them): their insets are offsets in the containing block as
 * if it were not broken — its fragments stitched together — and each box goes to the fragment its
 * offset falls in. A catalogue card broken by the page end, its price tag `top: 6mm` last in its
 * source: the tag belongs 6 mm below the card's top, on the card's first page, not 6 mm below the
 * top of the card's second fragment, where the tag's placeholder comes.
 *
 * How: each fragment of a positioned block container places the boxes whose placeholders it holds
 * against the stitched block (its padding box continued up through the fragments before), except
 * those whose `top` falls below it, which it carries to the next fragment; a fragment that breaks
 * also places, ahead of their placeholders, the boxes of its content still to come whose `top`
 * falls in it, and tells the next fragment — by its break token — how far down the stitched block
 * it starts, which boxes are done and which it carries. Placed ahead or carried: a box with a
 * `top` length and `left` or `right` set, so that neither its static position nor the block's
 * final height is needed. Carried to the block's last fragment: a box anchored to its end (`top`
 * auto, `bottom` set: a footer `bottom: 0` in a body 29.7cm tall), whose offset is known only with
 * the block's final height. Any other box (a percentage `top`, `left` and `right` both auto, a
 * static position) stays in the fragment of its placeholder: against the stitched block when its
 * offset falls there or below, else at its offset from that fragment's top, as before.
 */
import type { Box, OutOfFlowBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { BoxFragment } from './types.js';
import type { BreakToken, Escaping, LayoutContext, PendingPositioned } from './contract.js';
import { cacheKey } from './contract.js';
import { isContainingBlockForAbsolute, isEndAnchored, sizedByWholeBlock, stitchedTop } from './positioned.js';
import type { StitchedSpan } from './late-slices.js';
import { lateSlicesAllowed } from './late-slices.js';

/** Where a fragment of a broken containing block starts in the stitched block, and which of its positioned boxes are placed. */
export interface StitchedPart {
  /** The fragment's border-box top, below the stitched padding box's top. */
  readonly offset: number;
  /** The positioned boxes (their placeholders) placed by the fragments before, or carried to this one. */
  readonly done: ReadonlySet<OutOfFlowBox>;
  /** Boxes whose placeholders came before but whose offsets fall in this fragment or later. */
  readonly carried: readonly PendingPositioned[];
  /** The x of the fragment that carried them (their static positions are in its frame). */
  readonly x: number;
  /** The fragments before, in order (late-slices.ts). */
  readonly spans: readonly StitchedSpan[];
}

/** What a fragment of a broken containing block places against the stitched block. */
export interface Stitching {
  readonly offset: number;
  /** Boxes whose placeholders are still to come, placed here ahead of them. */
  readonly ahead: readonly PendingPositioned[];
  /** Whether the block goes on in a next fragment (the stitched block is not yet whole). */
  readonly continues: boolean;
  /** The fragments before this one (late-slices.ts: a box split over them). */
  readonly spans: readonly StitchedSpan[];
}

/** The part the fragment resuming from a break token starts, by the token (one render's). */
const PARTS = cacheKey('layout.stitched-parts', () => new WeakMap<BreakToken, StitchedPart>());
/** A positioned block container's absolutely positioned descendants it is the containing block of, in tree order (one walk per render). */
const OWN_POSITIONED = cacheKey('layout.own-positioned-descendants', () => new WeakMap<Box, readonly OutOfFlowBox[]>());

const NONE: ReadonlySet<OutOfFlowBox> = new Set();

/**
 * For a fragment of a positioned block or flex container broken across pages (`resume`: where it
 * resumed, `next`: where it continues): what it places against the stitched block, the boxes
 * still waiting for it (those done before dropped), and the part the next fragment starts. Undefined
 * when the fragment is not one of those, or its history is unknown (it is then placed as before).
 */
export function stitchedPlacement(fragment: BoxFragment, escaping: Escaping, resume: BreakToken | undefined, next: BreakToken | undefined, ctx: LayoutContext): { readonly stitching: Stitching; readonly escaping: Escaping } | undefined {
  if (resume === undefined && next === undefined) return undefined;
  const box = fragment.box;
  // a grid places its own (grid/absolute.ts); a table's cells are laid out by the table
  if ((box.kind !== 'block' && box.kind !== 'flex') || !isContainingBlockForAbsolute(fragment.style)) return undefined;
  const parts = ctx.caches.of(PARTS);
  const prior = resume === undefined ? undefined : parts.get(resume);
  if (resume !== undefined && prior === undefined) return undefined;
  const offset = prior?.offset ?? -fragment.border.top;
  const done = prior?.done ?? NONE;
  const spans = prior?.spans ?? [];
  const arrived = done.size === 0 ? escaping.positioned : escaping.positioned.filter((p) => !done.has(p.placeholder));
  const waiting = prior === undefined || prior.carried.length === 0 ? arrived : [...movedBy(prior.carried, fragment.x - prior.x), ...arrived];
  const width = fragment.width - fragment.border.left - fragment.border.right;
  const end = offset + fragment.height - fragment.border.bottom;
  // boxes whose offsets fall below this fragment, that are anchored to the block's end, or whose
  // offset or size needs the whole block's height (when the pages are kept to receive their parts,
  // late-slices.ts), wait for the next one (their placeholders came here)
  const wholeBlock = next !== undefined && lateSlicesAllowed(ctx);
  const later = next === undefined ? [] : waiting.filter((p) => fallsBelow(p, width, end) || isEndAnchored(p) || (wholeBlock && sizedByWholeBlock(p)));
  const carriedOn = new Set(later);
  const positioned = later.length === 0 ? waiting : waiting.filter((p) => !carriedOn.has(p));
  const ahead: PendingPositioned[] = [];
  if (next !== undefined) {
    const own = ownPositioned(box, ctx);
    const start = offset + fragment.border.top;
    const x = fragment.x + fragment.border.left;
    const arriving = own.length === 0 ? NONE : new Set(positioned.map((p) => p.placeholder));
    for (const placeholder of own) {
      if (done.has(placeholder) || arriving.has(placeholder)) continue;
      const top = placedAheadTop(placeholder.box.style, width);
      if (top === undefined || top < start - 0.01 || top >= end) continue;
      // its static position is not used: `top` and `left` or `right` are set
      ahead.push({ placeholder, staticX: x, staticY: fragment.y - offset + top, staticRight: x + width, staticDirection: placeholder.box.style.direction });
    }
    const nowDone = new Set(done);
    for (const p of positioned) nowDone.add(p.placeholder);
    for (const p of ahead) nowDone.add(p.placeholder);
    for (const p of later) nowDone.add(p.placeholder);
    parts.set(next, { offset: offset + fragment.height, done: nowDone, carried: later, x: fragment.x, spans: [...spans, { offset, height: fragment.height }] });
  }
  return { stitching: { offset, ahead, continues: next !== undefined, spans }, escaping: positioned === escaping.positioned ? escaping : { positioned, pageContent: escaping.pageContent } };
}

/**
 * Whether a waiting box's offset puts it below the fragment's padding box (`end`, in the stitched
 * block), and it may be carried to the next fragment: one that needs no static position (in
 * columns the next fragment is elsewhere on the page).
 */
function fallsBelow(p: PendingPositioned, containingWidth: number, end: number): boolean {
  if (p.placeholder.scheme !== 'absolute') return false;
  const top = placedAheadTop(p.placeholder.box.style, containingWidth);
  return top !== undefined && top >= end;
}

/** Carried boxes in the frame of a fragment `dx` to the right of the one that carried them (a column further on). */
function movedBy(carried: readonly PendingPositioned[], dx: number): readonly PendingPositioned[] {
  return dx === 0 ? carried : carried.map((p) => ({ ...p, staticX: p.staticX + dx, staticRight: p.staticRight + dx }));
}

/** `stitchedTop` of a box that may be placed before its placeholder: `left` or `right` set, and no `bottom` stretching it to a height still unknown. */
function placedAheadTop(style: ComputedStyle, containingWidth: number): number | undefined {
  if (style.left === 'auto' && style.right === 'auto') return undefined;
  if (style.bottom !== 'auto' && style.height === 'auto') return undefined;
  return stitchedTop(style, containingWidth);
}

/**
 * The absolutely positioned boxes a block or flex container is the containing block of, found
 * through block, inline and flex boxes that are not containing blocks themselves (grid and table
 * content passes them through layouts of its own: not looked into).
 */
function ownPositioned(root: Box, ctx: LayoutContext): readonly OutOfFlowBox[] {
  const known = ctx.caches.of(OWN_POSITIONED);
  let found = known.get(root);
  if (found !== undefined) return found;
  const list: OutOfFlowBox[] = [];
  const stack: Box[] = [];
  const pushChildren = (box: Box): void => {
    if (box.kind !== 'block' && box.kind !== 'inline' && box.kind !== 'flex') return;
    const children = box.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  };
  pushChildren(root);
  for (let box = stack.pop(); box !== undefined; box = stack.pop()) {
    if (box.kind === 'out-of-flow') {
      if (box.scheme === 'absolute') list.push(box);
      continue;
    }
    if (isContainingBlockForAbsolute(box.style)) continue;
    pushChildren(box);
  }
  found = list;
  known.set(root, found);
  return found;
}
