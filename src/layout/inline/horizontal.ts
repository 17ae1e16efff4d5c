/**
 * Horizontal layout of one line (CSS Inline 3 §2, CSS Writing Modes 3 §2.4, UAX #9 L1-L2): the
 * line's pieces become leaves (glyph runs, atomics, tabs, empty inline boxes) that keep the
 * inline boxes enclosing them, the leaves are reordered visually by their bidi levels, and the
 * inline boxes are rebuilt around visually adjacent leaves — a box whose content bidi
 * reordering separates gets one fragment per group (CSS2 §9.2.2 / §8.6: its left edge on the
 * leftmost, its right edge on the rightmost, each only where the box starts or ends on the line
 * in its own direction; on every line for a box with `box-decoration-break: clone`, CSS
 * Fragmentation 3 §5.4).
 */
import type { InlineBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { MarkerSymbol, PlacedRun } from '../types.js';
import type { GlyphRun, ShapedGlyph } from '../../text/types.js';
import type { Piece } from './pieces.js';
import { isCloned, physicalEdge } from './pieces.js';
import type { MeasuredRun, TextPiece } from './measure.js';
import { sum } from './measure.js';
import type { Opportunities } from './justify.js';
import { visualOrder } from './bidi.js';
import { marginOrZero } from '../box-model.js';
import { appendAll } from '../../append-all.js';

export type Node =
  | {
      readonly kind: 'text'; readonly style: ComputedStyle; readonly runs: readonly PlacedRun[]; readonly x: number; readonly width: number; readonly text: string; readonly level: number;
      readonly symbol: MarkerSymbol | undefined;
    }
  | {
      readonly kind: 'inline'; readonly box: InlineBox; readonly x: number; readonly width: number; readonly children: readonly Node[];
      readonly continuedBefore: boolean; readonly continuedAfter: boolean;
      /** Whether this fragment carries the box's left / right margin, border and padding. */
      readonly left: boolean; readonly right: boolean;
    }
  | { readonly kind: 'atomic'; readonly piece: Extract<Piece, { kind: 'atomic' }>; readonly x: number };

type Leaf =
  | { readonly kind: 'run'; readonly style: ComputedStyle; readonly run: MeasuredRun; readonly chain: readonly InlineBox[]; readonly level: number; readonly symbol: MarkerSymbol | undefined }
  | { readonly kind: 'tab'; readonly style: ComputedStyle; readonly width: number; readonly chain: readonly InlineBox[]; readonly level: number }
  | { readonly kind: 'atomic'; readonly piece: Extract<Piece, { kind: 'atomic' }>; readonly chain: readonly InlineBox[]; readonly level: number }
  | { readonly kind: 'empty'; readonly chain: readonly InlineBox[]; readonly level: number };

export interface HorizontalSpec {
  /** The line's pieces, logical order. */
  readonly pieces: readonly Piece[];
  /** Inline boxes open before the line (outermost first). */
  readonly openAtStart: readonly InlineBox[];
  /** Index in `pieces` of the piece whose trailing spaces are removed (-1: none). */
  readonly trimmed: number;
  /** Index in `pieces` of the piece that ends the line's content (its end letter-spacing is dropped; -1: none). */
  readonly lastContent: number;
  /** Justification: the space added at each opportunity, and where they are (justify.ts). */
  readonly justify: { readonly extra: number; readonly after: Opportunities['after'] };
  readonly startX: number;
  readonly containingWidth: number;
}

interface BoxEdges {
  starts: boolean;
  ends: boolean;
}

export function placeHorizontally(spec: HorizontalSpec): Node[] {
  if (spec.openAtStart.length === 0 && allText(spec.pieces)) return placeLeaves(spec, textLeaves(spec), NO_EDGES);
  return placeAnyLine(spec);
}

/** Loops, not closures made for every line. */
function allText(pieces: readonly Piece[]): boolean {
  for (let i = 0; i < pieces.length; i++) if (pieces[i]!.kind !== 'text') return false;
  return true;
}

function allLeftToRight(leaves: readonly Leaf[]): boolean {
  for (let i = 0; i < leaves.length; i++) if (leaves[i]!.level !== 0) return false;
  return true;
}

/** `placeHorizontally` the general way, for a line of any content (inline boxes, atomics). */
export function placeAnyLine(spec: HorizontalSpec): Node[] {
  const edges = new Map<InlineBox, BoxEdges>();
  return placeLeaves(spec, collectLeaves(spec, edges), edges);
}

function placeLeaves(spec: HorizontalSpec, leaves: readonly Leaf[], edges: ReadonlyMap<InlineBox, BoxEdges>): Node[] {
  const visual = allLeftToRight(leaves) ? leaves : visualOrder(leaves.map((leaf) => leaf.level)).map((i) => leaves[i]!);
  // no leaf of a line of text alone is in an inline box: each is placed on its own, in no group
  const groups = edges === NO_EDGES ? NO_GROUPS : groupCounts(visual);
  const placer = new Placer(spec, edges, groups);
  return placer.place(visual, 0);
}

const NO_EDGES: ReadonlyMap<InlineBox, BoxEdges> = new Map();
const NO_GROUPS: ReadonlyMap<InlineBox, number> = new Map();

/**
 * `collectLeaves` of a line of text pieces alone (no inline box open or starting on it, most
 * lines): the same leaves in the same order, without the stack and the maps of box edges and
 * content that only inline boxes read.
 */
function textLeaves(spec: HorizontalSpec): Leaf[] {
  const leaves: Leaf[] = [];
  const pieces = spec.pieces;
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index] as TextPiece;
    if (piece.tab !== undefined) leaves.push({ kind: 'tab', style: piece.style, width: piece.width, chain: NO_BOXES, level: piece.level });
    else pushRunLeaves(leaves, piece, index, spec, NO_BOXES);
  }
  return leaves;
}

/** The leaves of a text piece's runs (its trimmed spaces left out), each with the boxes open in `stack`; returns how many. */
function pushRunLeaves(leaves: Leaf[], piece: TextPiece, index: number, spec: HorizontalSpec, stack: readonly InlineBox[]): number {
  const runs = index === spec.lastContent ? withoutEndSpacing(piece.runs, piece.endSpacing) : piece.runs;
  const justifiedAfter = spec.justify.after.get(index);
  let count = 0;
  for (let runIndex = 0; runIndex < runs.length; runIndex++) {
    const run = runs[runIndex]!;
    if (run.trailing && index === spec.trimmed) continue;
    leaves.push({ kind: 'run', style: piece.style, run: justified(run, spec.justify.extra, justifiedAfter?.[runIndex]), chain: chainOf(stack), level: run.level, symbol: piece.symbol });
    count++;
  }
  return count;
}

/** The chain of a leaf outside every inline box (shared: most text is). */
const NO_BOXES: readonly InlineBox[] = Object.freeze([]);

/** The boxes open around a leaf, outermost first. */
function chainOf(stack: readonly InlineBox[]): readonly InlineBox[] {
  return stack.length === 0 ? NO_BOXES : [...stack];
}

/** Counts one more leaf in each open box. */
function addContent(stack: readonly InlineBox[], content: Map<InlineBox, number>): void {
  for (const box of stack) content.set(box, (content.get(box) ?? 0) + 1);
}

function collectLeaves(spec: HorizontalSpec, edges: Map<InlineBox, BoxEdges>): Leaf[] {
  const leaves: Leaf[] = [];
  const stack: InlineBox[] = [...spec.openAtStart];
  const content = new Map<InlineBox, number>();
  for (const box of stack) edges.set(box, { starts: false, ends: false });
  // loops and module-level helpers, not closures made per call: those lose their optimised code at each full GC
  for (let index = 0; index < spec.pieces.length; index++) {
    const piece = spec.pieces[index]!;
    switch (piece.kind) {
      case 'text': {
        if (piece.tab !== undefined) {
          leaves.push({ kind: 'tab', style: piece.style, width: piece.width, chain: chainOf(stack), level: piece.level });
          addContent(stack, content);
          break;
        }
        const added = pushRunLeaves(leaves, piece, index, spec, stack);
        for (let k = 0; k < added; k++) addContent(stack, content);
        break;
      }
      case 'atomic':
        leaves.push({ kind: 'atomic', piece, chain: chainOf(stack), level: piece.level });
        addContent(stack, content);
        break;
      case 'open':
        stack.push(piece.box);
        edges.set(piece.box, { starts: true, ends: false });
        break;
      case 'close': {
        const edge = edges.get(piece.box);
        if (edge !== undefined) edge.ends = true;
        if ((content.get(piece.box) ?? 0) === 0) {
          leaves.push({ kind: 'empty', chain: chainOf(stack), level: piece.level });
          addContent(stack, content);
        }
        stack.pop();
        break;
      }
      case 'break':
      case 'anchor':
        break;
    }
  }
  // Boxes opened at the end of the line with nothing in them yet still show their start edge.
  for (let depth = stack.length; depth > 0; depth--) {
    const box = stack[depth - 1]!;
    if ((content.get(box) ?? 0) === 0 && edges.get(box)?.starts === true) {
      leaves.push({ kind: 'empty', chain: stack.slice(0, depth), level: leaves[leaves.length - 1]?.level ?? 0 });
      for (const outer of stack.slice(0, depth)) content.set(outer, (content.get(outer) ?? 0) + 1);
    }
  }
  return leaves;
}

/** The run with what its end adds only before a next piece (`endSpacing`: the kerning across) removed from its logically last glyph. */
function withoutEndSpacing(runs: readonly MeasuredRun[], spacing: number): readonly MeasuredRun[] {
  if (spacing === 0) return runs;
  let index = -1;
  for (let i = runs.length - 1; i >= 0; i--) if (!runs[i]!.trailing) { index = i; break; }
  if (index < 0) return runs;
  const run = runs[index]!;
  if (run.advances.length === 0) return runs;
  const glyph = run.level % 2 === 1 ? 0 : run.advances.length - 1;
  const advances = run.advances.slice();
  advances[glyph] = advances[glyph]! - spacing;
  const copy = runs.slice();
  copy[index] = { ...run, advances };
  return copy;
}

/** A run with its justification opportunities widened. */
function justified(run: MeasuredRun, extra: number, after: readonly boolean[] | undefined): MeasuredRun {
  if (extra === 0 || after === undefined) return run;
  return { ...run, advances: run.advances.map((advance, g) => (after[g] === true ? advance + extra : advance)) };
}

/** How many visual groups each box forms on the line (more than one when bidi separates its content). */
function groupCounts(visual: readonly Leaf[]): Map<InlineBox, number> {
  const counts = new Map<InlineBox, number>();
  let previous: readonly InlineBox[] = [];
  for (const leaf of visual) {
    leaf.chain.forEach((box, depth) => {
      if (previous[depth] !== box || !sameChainPrefix(previous, leaf.chain, depth)) counts.set(box, (counts.get(box) ?? 0) + 1);
    });
    previous = leaf.chain;
  }
  return counts;
}

function sameChainPrefix(a: readonly InlineBox[], b: readonly InlineBox[], depth: number): boolean {
  for (let i = 0; i < depth; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Assigns x positions left to right while rebuilding the box nesting. */
class Placer {
  private x: number;
  /** How many groups of each box are placed so far (made at the first box: most lines have none). */
  private seen: Map<InlineBox, number> | undefined;

  constructor(private readonly spec: HorizontalSpec, private readonly edges: ReadonlyMap<InlineBox, BoxEdges>, private readonly groups: ReadonlyMap<InlineBox, number>) {
    this.x = spec.startX;
  }

  place(leaves: readonly Leaf[], depth: number): Node[] {
    const out: Siblings = { nodes: [], building: undefined };
    let i = 0;
    while (i < leaves.length) {
      const leaf = leaves[i]!;
      const box = leaf.chain[depth];
      if (box === undefined) {
        this.leaf(leaf, out);
        i++;
        continue;
      }
      let j = i + 1;
      while (j < leaves.length && leaves[j]!.chain[depth] === box) j++;
      out.nodes.push(this.box(box, leaves.slice(i, j), depth));
      i = j;
    }
    if (out.building !== undefined) closeText(out.building);
    return out.nodes;
  }

  private box(box: InlineBox, leaves: readonly Leaf[], depth: number): Node {
    const seen = (this.seen ??= new Map());
    const index = (seen.get(box) ?? 0) + 1;
    seen.set(box, index);
    const count = this.groups.get(box) ?? 1;
    const edge = this.edges.get(box) ?? { starts: false, ends: false };
    const rtl = box.style.direction === 'rtl';
    const startsHere = edge.starts && index === (rtl ? count : 1);
    const endsHere = edge.ends && index === (rtl ? 1 : count);
    // a cloned box is wrapped in its edges on every line; bidi reordering within a line still cuts it
    const cloned = isCloned(box);
    const hasLeft = index === 1 && (cloned || (rtl ? endsHere : startsHere));
    const hasRight = index === count && (cloned || (rtl ? startsHere : endsHere));
    const style = box.style;
    const cw = this.spec.containingWidth;
    if (hasLeft) this.x += marginOrZero(style.marginLeft, cw);
    const start = this.x;
    if (hasLeft) this.x += physicalEdge(style, cw, 'left') - marginOrZero(style.marginLeft, cw);
    const children = this.place(leaves, depth + 1);
    if (hasRight) this.x += physicalEdge(style, cw, 'right') - marginOrZero(style.marginRight, cw);
    const width = Math.max(0, this.x - start);
    if (hasRight) this.x += marginOrZero(style.marginRight, cw);
    return { kind: 'inline', box, x: start, width, children, continuedBefore: !startsHere, continuedAfter: !endsHere, left: hasLeft, right: hasRight };
  }

  private leaf(leaf: Leaf, out: Siblings): void {
    switch (leaf.kind) {
      case 'run': {
        const width = sum(leaf.run.advances);
        // joined to the text before it without a node of its own (a CJK line has a leaf per character)
        if (!joinLeaf(out, leaf, this.x, width)) {
          startText(out, { kind: 'text', style: leaf.style, runs: [{ run: leaf.run.run, x: this.x, advances: leaf.run.advances }], x: this.x, width, text: leaf.run.run.text, level: leaf.level, symbol: leaf.symbol });
        }
        this.x += width;
        break;
      }
      case 'tab': {
        const builder = joinableText(out, leaf.style, leaf.level, undefined, this.x);
        if (builder === undefined) startText(out, { kind: 'text', style: leaf.style, runs: [], x: this.x, width: leaf.width, text: '\t', level: leaf.level, symbol: undefined });
        else joinWidthAndText(builder, leaf.width, '\t');
        this.x += leaf.width;
        break;
      }
      case 'atomic':
        out.nodes.push({ kind: 'atomic', piece: leaf.piece, x: this.x });
        this.x += leaf.piece.width;
        break;
      case 'empty':
        break;
    }
  }
}

/** A text node being built: its arrays are owned and grown in place (no copy per word). */
interface OpenText {
  readonly node: { -readonly [K in keyof Extract<Node, { kind: 'text' }>]: Extract<Node, { kind: 'text' }>[K] };
  readonly runs: PlacedRun[];
  /** The last run when it is a join of several, owned (and grown in place) by this builder. */
  merged: MergedRun | undefined;
  /** Where the last run ends. */
  endX: number;
  texts: string[];
}

interface MergedRun {
  readonly x: number;
  readonly advances: number[];
  readonly run: { -readonly [K in keyof GlyphRun]: GlyphRun[K] } & { glyphs: ShapedGlyph[] };
}

/** The nodes of one level of a line, and the text node still being built at their end. */
interface Siblings {
  readonly nodes: Node[];
  building: OpenText | undefined;
}

/**
 * `node`, made by the caller for this call (`Placer.leaf`) and owned from here on, last among
 * `siblings`; the text being built before it ends. A text that nothing joins (one word, a table
 * cell's text) is kept as it is; the builder is made when a second one joins it.
 */
function startText(siblings: Siblings, node: Extract<Node, { kind: 'text' }>): void {
  if (siblings.building !== undefined) closeText(siblings.building);
  siblings.building = undefined;
  siblings.nodes.push(node);
}

/**
 * Words of one text in one style and direction become one text fragment (fewer, longer glyph
 * runs to paint); right-to-left neighbours join in reverse so the text stays in logical order.
 * Adjacent runs of one face and size become one run. A run leaf at `x` that joins the text before
 * it is added to it without a node of its own; false when it does not join.
 */
function joinLeaf(siblings: Siblings, leaf: Extract<Leaf, { kind: 'run' }>, x: number, width: number): boolean {
  const builder = joinableText(siblings, leaf.style, leaf.level, leaf.symbol, x);
  if (builder === undefined) return false;
  joinRun(builder, leaf.run.run, x, leaf.run.advances, width);
  joinWidthAndText(builder, width, leaf.run.run.text);
  return true;
}

function joinWidthAndText(builder: OpenText, width: number, text: string): void {
  builder.node.width += width;
  builder.texts.push(text);
}

/** The builder of the text node last among `siblings` when text in this style, level and marker symbol starting at `x` joins it. */
function joinableText(siblings: Siblings, style: ComputedStyle, level: number, symbol: MarkerSymbol | undefined, x: number): OpenText | undefined {
  const previous = siblings.nodes[siblings.nodes.length - 1];
  // (a text node last among the siblings came through here: it is owned, the builder's node when there is one)
  if (previous === undefined || previous.kind !== 'text' || previous.style !== style || previous.level !== level
    || previous.symbol !== symbol || Math.abs(previous.x + previous.width - x) >= 1e-6) return undefined;
  return siblings.building ??= openText(previous);
}

/**
 * The builder of an owned text node of at most one run (as `Placer.leaf` makes them): what
 * joining that run into an empty node of its own would have left.
 */
function openText(node: Extract<Node, { kind: 'text' }>): OpenText {
  const own = node as OpenText['node'];
  const runs = own.runs as PlacedRun[];
  const endX = runs.length === 0 ? own.x : runs[0]!.x + own.width;
  return { node: own, runs, merged: undefined, endX, texts: [own.text] };
}

/** Ends the text node being built: its text, in logical order. */
function closeText(builder: OpenText): void {
  const rtl = builder.node.level % 2 === 1;
  const texts = builder.texts;
  builder.node.text = texts.length === 1 ? texts[0]! : (rtl ? texts.reverse() : texts).join('');
}

/** Joins `run` placed at `x` with `advances` (in the builder's level); `width`: the sum of the advances. */
function joinRun(builder: OpenText, run: GlyphRun, x: number, advances: readonly number[], width: number): void {
  const last = builder.runs[builder.runs.length - 1];
  if (last === undefined || last.run.face !== run.face || last.run.size !== run.size || (last.run.upright === undefined) !== (run.upright === undefined) || Math.abs(builder.endX - x) > 1e-6) {
    builder.runs.push({ run, x, advances });
    builder.merged = undefined;
    builder.endX = x + width;
    return;
  }
  builder.endX += width;
  let merged = builder.merged;
  if (merged === undefined) {
    merged = { x: last.x, advances: appendAll([], last.advances), run: { ...last.run, glyphs: appendAll([], last.run.glyphs) } };
    builder.merged = merged;
    builder.runs[builder.runs.length - 1] = merged;
  }
  appendAll(merged.run.glyphs, run.glyphs);
  appendAll(merged.advances, advances);
  merged.run.width += run.width;
  merged.run.text = builder.node.level % 2 === 1 ? run.text + merged.run.text : merged.run.text + run.text;
}
