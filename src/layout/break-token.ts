/**
 * Fragmentation helpers shared by every formatting context (CSS Fragmentation 3): reading break
 * tokens (contract.ts), the kind of a forced break, the breaks a value avoids, and a cloned box's room.
 */
import type { BlockLevelBox } from '../boxes/types.js';
import type { BreakValue } from '../css/types.js';
import type { BreakToken, ForcedBreak, Fragmentainer } from './contract.js';
import { isMulticol } from './formatting-context-root.js';

/** The kind of the forced break that ended the previous fragmentainer, if it was forced (the in-flow child is the last that resumes). */
export function forcedKind(token: BreakToken | undefined): ForcedBreak | undefined {
  let current = token;
  while (current !== undefined && current.kind === 'block') {
    if (current.forced !== undefined) return current.forced;
    current = current.children[current.children.length - 1]?.token;
  }
  return undefined;
}

/**
 * The room of a cloned box's content (CSS Fragmentation 3 §5.4): its bottom padding and border
 * are drawn at every break, so its content ends above them on every page.
 */
export function clonedRoom(page: Fragmentainer, edges: number): Fragmentainer {
  if (edges === 0) return page;
  const limits = page.limits?.map((limit) => ({ ...limit, bottom: limit.bottom - edges }));
  return { ...page, bottom: page.bottom - edges, ...(limits === undefined ? {} : { limits }) };
}

/** The kind of a forced break value (CSS Fragmentation 3 §3.1); undefined when not forced. */
export function forcedBreakOf(value: BreakValue): ForcedBreak | undefined {
  switch (value) {
    case 'page': case 'always': case 'all': return 'page';
    case 'left': case 'right': case 'recto': case 'verso': case 'column': return value;
    default: return undefined;
  }
}

/**
 * The forced break where an earlier box's `break-after` meets a later box's `break-before` (CSS
 * Fragmentation 3 §3.1): every kind is honoured, so a side (`left`, `right`, `recto`, `verso`)
 * wins over `page`, and `page` over `column`; between two sides the later wins. A cover's
 * `break-after: right` before a section's `break-before: page` still starts it on a right page,
 * as WeasyPrint and Prince print it (Chromium ignores sides).
 */
export function combinedBreak(earlier: ForcedBreak | undefined, later: ForcedBreak | undefined): ForcedBreak | undefined {
  if (earlier === undefined) return later;
  if (later === undefined) return earlier;
  return BREAK_RANK[earlier] > BREAK_RANK[later] ? earlier : later;
}

const BREAK_RANK: Record<ForcedBreak, number> = { column: 0, page: 1, left: 2, right: 2, recto: 2, verso: 2 };

/**
 * The forced page break between two rows of boxes laid side by side (a flex container's lines, a
 * grid's rows): Blink joins the values of a row's boxes, so any box after it with a forced
 * `break-before`, or any before it with a forced `break-after`, forces it (CSS Fragmentation 3
 * §3.1), as Chromium prints it. A column break does not apply between pages.
 */
export function forcedPageBreakBetween(before: Iterable<BlockLevelBox>, after: Iterable<BlockLevelBox>): ForcedBreak | undefined {
  let later: ForcedBreak | undefined;
  let earlier: ForcedBreak | undefined;
  for (const box of after) later ??= pageBreakOf(box.style.breakBefore);
  for (const box of before) earlier ??= forcedBreakAtEnd(box, false);
  return combinedBreak(earlier, later);
}

/**
 * The forced break at a box's end: its own `break-after`, or one its last in-flow child carries
 * to its edge, and so on down (CSS Fragmentation 3 §3.1) — the `<div style="page-break-after:
 * always">` last in a wrapper breaks after the wrapper, as Chromium prints it. A single-line flex
 * row carries any item's; another flex or grid container its last item's (not the other items
 * of its last line or row: their places are not known here). `column` only when `column`. Found once per box.
 */
export function forcedBreakAtEnd(box: BlockLevelBox, column: boolean): ForcedBreak | undefined {
  let end = AT_END.get(box);
  if (end === undefined) {
    end = forcedBreakOf(box.style.breakAfter) ?? null;
    if (end === null && ((box.kind === 'block' && !box.inlineContent) || box.kind === 'flex' || box.kind === 'grid')) {
      const inFlow = (box.children as readonly BlockLevelBox[]).filter(isInFlow);
      const oneLine = box.kind === 'flex' && box.style.flexWrap === 'nowrap' && box.style.flexDirection.startsWith('row');
      for (const child of oneLine ? inFlow : inFlow.slice(-1)) end ??= forcedBreakAtEnd(child, true) ?? null;
    }
    AT_END.set(box, end);
  }
  return end === null || (end === 'column' && !column) ? undefined : end;
}

const AT_END = new WeakMap<BlockLevelBox, ForcedBreak | null>();

/**
 * The forced page break at a box's start: its own `break-before`, or one its first in-flow child
 * of block flow carries to its edge, and so on down (CSS Fragmentation 3 §3.1), as Chromium
 * moves a flex row or grid whose item starts with `<h2 style="break-before: page">`.
 */
export function forcedBreakAtStart(box: BlockLevelBox): ForcedBreak | undefined {
  for (let at: BlockLevelBox | undefined = box; at !== undefined; at = edgeChild(at, 'before')) {
    const kind = pageBreakOf(at.style.breakBefore);
    if (kind !== undefined) return kind;
  }
  return undefined;
}

function pageBreakOf(value: BreakValue): ForcedBreak | undefined {
  const kind = forcedBreakOf(value);
  return kind === 'column' ? undefined : kind;
}

/**
 * Whether a forced page break applies somewhere inside the box: between two in-flow siblings of
 * block flow, or of a flex or grid container's items, at any depth (multi-column containers,
 * tables and out-of-flow boxes not looked into). Items of a grid or a wrapping flex row are taken
 * as if each started a row or line: two side by side may not break after all, and the grid then
 * ends the page after their row (a gap). A flex or grid container lays an item that fits
 * out without a page, unless it holds one (CSS Fragmentation 3 §3.1). Found once per box.
 */
export function forcedBreakInside(box: BlockLevelBox): boolean {
  let inside = FORCED_INSIDE.get(box);
  if (inside === undefined) {
    inside = false;
    if ((box.kind === 'block' && !box.inlineContent && !isMulticol(box.style)) || box.kind === 'flex' || box.kind === 'grid') {
      // the items of a single-line row are one line: their values go to the container's edges, not between them
      const oneLine = box.kind === 'flex' && box.style.flexWrap === 'nowrap' && box.style.flexDirection.startsWith('row');
      let previous: BlockLevelBox | undefined;
      for (const child of box.children) {
        if (child.kind === 'out-of-flow') continue;
        // (the first child's break-before, and every item's of a single-line row, go to the box's start:
        // laid out against the page, the box moves there when it is not the page's first content)
        const atStart = (previous === undefined || oneLine) && forcedPageBreakBetween([], [child]) !== undefined;
        if (atStart || (previous !== undefined && !oneLine && forcedPageBreakBetween([previous], [child]) !== undefined) || forcedBreakInside(child)) {
          inside = true;
          break;
        }
        previous = child;
      }
    }
    FORCED_INSIDE.set(box, inside);
  }
  return inside;
}

const FORCED_INSIDE = new WeakMap<BlockLevelBox, boolean>();

/** Whether a `break-*` value avoids a break between pages (`column`: between columns): `avoid`, and `avoid-page` or `avoid-column` (§3.2). */
export function avoidsBreak(value: BreakValue, column: boolean): boolean {
  return value === 'avoid' || value === (column ? 'avoid-column' : 'avoid-page');
}

/**
 * `break-after: avoid` on a box or on its last in-flow child, theirs, and so on down (`break-before`
 * and the first children): a value on a child propagates to its container's edge (CSS
 * Fragmentation 3 §3.1), as Chromium keeps `<div><h2 style="break-after: avoid">` with what follows the div.
 */
export function avoidsAtEdge(box: BlockLevelBox, edge: 'before' | 'after', column: boolean): boolean {
  for (let at: BlockLevelBox | undefined = box; at !== undefined; at = edgeChild(at, edge)) {
    if (avoidsBreak(edge === 'after' ? at.style.breakAfter : at.style.breakBefore, column)) return true;
  }
  return false;
}

function edgeChild(box: BlockLevelBox, edge: 'before' | 'after'): BlockLevelBox | undefined {
  if (box.kind !== 'block' || box.inlineContent) return undefined;
  return edge === 'after' ? box.children.findLast(isInFlow) : box.children.find(isInFlow);
}

function isInFlow(child: BlockLevelBox): boolean {
  return child.kind !== 'out-of-flow';
}
