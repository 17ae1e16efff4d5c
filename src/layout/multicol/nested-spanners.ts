/**
 * Spanners below a multi-column container's children (CSS Multi-column Layout 1 §6.1: a
 * `column-span: all` box anywhere in the container's own block formatting context spans, as
 * Chromium spans it — a magazine's `<article><h2>` inside the columns). Each block between the
 * container and such a spanner is cut around it into pieces, as a break would cut it: the piece
 * before keeps the block's top margin, border and padding, the piece after its bottom ones, and
 * the pieces and spanners become children of a view of the container that segments.ts cuts at
 * its spanners as usual. A block that starts a formatting context of its own (a flow root, a
 * float, a flex item, a nested multi-column container) keeps its spanners in its column, as in
 * Chromium.
 */
import type { BlockBox, BlockFlowBox, BlockLevelBox } from '../../boxes/types.js';
import { withStyle } from '../../css/compute.js';
import type { LayoutContext } from '../contract.js';
import { cacheKey } from '../contract.js';
import { establishesBfc } from '../formatting-context-root.js';
import { appendAll } from '../../append-all.js';

/** The container's view with its nested spanners lifted, per render (caches keyed by box stay valid). */
const LIFTED = cacheKey('multicolLiftedSpanners', () => new WeakMap<BlockBox, BlockBox>());

const isSpanner = (child: BlockLevelBox): boolean => child.kind !== 'out-of-flow' && child.style.columnSpan === 'all';

/** A block of the container's formatting context, whose spanners span the container. */
const opensToSpanners = (box: BlockLevelBox): box is BlockFlowBox => box.kind === 'block' && !box.inlineContent && !establishesBfc(box);

/** Does a block of the container's formatting context hold a `column-span: all` box? Each box is looked at once (memo). */
function holdsSpanner(box: BlockLevelBox, memo: Map<BlockLevelBox, boolean>): boolean {
  if (!opensToSpanners(box)) return false;
  let holds = memo.get(box);
  if (holds === undefined) {
    holds = box.children.some((child) => isSpanner(child) || holdsSpanner(child, memo));
    memo.set(box, holds);
  }
  return holds;
}

/** The container itself when no spanner lies deeper than its children, else a view of it whose children are the cut pieces and the spanners. */
export function withNestedSpannersLifted(box: BlockBox, ctx: LayoutContext): BlockBox {
  if (box.inlineContent) return box;
  const cache = ctx.caches.of(LIFTED);
  const cached = cache.get(box);
  if (cached !== undefined) return cached;
  const memo = new Map<BlockLevelBox, boolean>();
  let view: BlockBox = box;
  if (box.children.some((child) => !isSpanner(child) && holdsSpanner(child, memo))) {
    const children: BlockLevelBox[] = [];
    for (const child of box.children) {
      if (isSpanner(child) || !holdsSpanner(child, memo)) children.push(child);
      else appendAll(children, cutAround(child as BlockFlowBox, memo));
    }
    view = Object.assign({}, box, { children });
  }
  cache.set(box, view);
  return view;
}

/**
 * The block cut at the spanners inside it: pieces of it (each with the children between two
 * spanners, a child holding spanners cut in turn) and the spanners, in order. The depth is the
 * box tree's, each box visited once.
 */
function cutAround(box: BlockFlowBox, memo: Map<BlockLevelBox, boolean>): BlockLevelBox[] {
  const out: BlockLevelBox[] = [];
  let run: BlockLevelBox[] = [];
  let first = true;
  // an outside marker goes with the first line: into the first piece with in-flow content (below the spanner when it is the first child)
  let marker = box.marker !== undefined;
  const flush = (last: boolean): void => {
    const withMarker = marker && (last || run.some((child) => child.kind !== 'out-of-flow'));
    out.push(piece(box, run, { first, last, marker: withMarker }));
    if (withMarker) marker = false;
    run = [];
    first = false;
  };
  for (const child of box.children) {
    if (isSpanner(child)) {
      flush(false);
      out.push(child);
    } else if (holdsSpanner(child, memo)) {
      // the child's pieces go into this block's pieces, its spanners cut this block too
      for (const item of cutAround(child as BlockFlowBox, memo)) {
        if (!isSpanner(item)) run.push(item);
        else {
          flush(false);
          out.push(item);
        }
      }
    } else run.push(child);
  }
  flush(true);
  return out;
}

/**
 * A piece of a block cut at a spanner: the edges at the cut dropped, as a sliced break drops them;
 * below the cut, the first child's top margin is kept inside the piece, as Chromium lays out a
 * block resumed after a spanner (above it, the last child's bottom margin is left to the column
 * set's balancing, as at the end of a container's content).
 */
function piece(box: BlockFlowBox, children: readonly BlockLevelBox[], at: { readonly first: boolean; readonly last: boolean; readonly marker: boolean }): BlockFlowBox {
  const { first, last } = at;
  if (first && last) return Object.assign({}, box, { children });
  // withStyle: the computed style's hidden class, which layout and paint read, kept
  const style = withStyle(box.style, {
    height: 'auto', minHeight: 'auto', maxHeight: 'none',
    ...(first ? {} : { marginTop: 0, paddingTop: 0, borderTopWidth: 0, borderTopStyle: 'none', breakBefore: 'auto' }),
    ...(last ? {} : { marginBottom: 0, paddingBottom: 0, borderBottomWidth: 0, borderBottomStyle: 'none', breakAfter: 'auto' }),
  });
  return Object.assign({}, box, { style, children }, at.marker ? {} : { marker: undefined }, first ? {} : { resumesAfterSpanner: true });
}
