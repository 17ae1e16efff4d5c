/**
 * Leaders (CSS GCPM 3 §4): the first `leader()` of a line takes the line's free space, so that
 * what follows it (a table of contents' page number) ends at the line's end edge. Its pattern is
 * repeated on a grid that starts from the line's end edge, as WeasyPrint does, so the dots of
 * consecutive lines line up; only whole copies that fit in the leader's span are drawn. A leader
 * never ends a line: it goes with the word after it, so that a long entry's number is not left
 * alone at the start of the next line.
 */
import type { PlacedRun } from '../types.js';
import type { Node } from './horizontal.js';
import type { ComputedStyle } from '../../css/types.js';
import type { Piece } from './pieces.js';
import { wrapsLines } from './measure.js';

type TextNode = Extract<Node, { kind: 'text' }>;
type InlineNode = Extract<Node, { kind: 'inline' }>;

/** Whether a line holds a leader (its inline box, at any depth). */
function hasLeader(nodes: readonly Node[]): boolean {
  return nodes.some((node) => node.kind === 'inline' && (node.box.leader === true || hasLeader(node.children)));
}

/** The nodes with the first leader widened by `free` and everything visually after it moved by `free`. */
export function fillLeader(nodes: readonly Node[], free: number, lineEnd: number): Node[] {
  const out: Node[] = [];
  let found = false;
  for (const node of nodes) {
    if (found) out.push(shifted(node, free));
    else if (node.kind === 'inline' && node.box.leader === true) {
      out.push({ ...node, width: node.width + free, children: node.children.map((child) => (child.kind === 'text' ? repeated(child, node.x + node.width + free, lineEnd) : child)) });
      found = true;
    } else if (node.kind === 'inline' && hasLeader(node.children)) {
      out.push({ ...node, width: node.width + free, children: fillLeader(node.children, free, lineEnd) });
      found = true;
    } else out.push(node);
  }
  return out;
}

/** The pattern's copies placed at lineEnd - k × width that lie between the text's start and `end`. */
function repeated(text: TextNode, end: number, lineEnd: number): TextNode {
  const width = text.width;
  if (width <= 0.01 || text.runs.length === 0) return text;
  const copies: number[] = [];
  for (let x = lineEnd - width * Math.ceil((lineEnd - end) / width - 1e-6); x - width >= text.x - 1e-6; x -= width) copies.unshift(x - width);
  const runs: PlacedRun[] = copies.flatMap((x) => text.runs.map((run) => ({ ...run, x: run.x - text.x + x })));
  return { ...text, runs, text: text.text.repeat(copies.length), width: end - text.x };
}

function shifted(node: Node, dx: number): Node {
  switch (node.kind) {
    case 'text': return { ...node, x: node.x + dx, runs: node.runs.map((run) => ({ ...run, x: run.x + dx })) };
    case 'atomic': return { ...node, x: node.x + dx };
    case 'inline': return { ...node, x: node.x + dx, children: node.children.map((child) => shifted(child, dx)) } satisfies InlineNode;
  }
}

/**
 * Line breaking around leaders: a leader may start a line, like an atomic inline (a dotted
 * pattern begins with U+002E, before which UAX #14 allows no break), and nothing breaks from its
 * start to the first word or atomic inline after it, so that the leader and what it points at
 * (a page number) stay on one line.
 */
export function breakAroundLeaders(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  let gluing = false;
  let afterLeader = false;
  for (const piece of pieces) {
    if (piece.kind === 'open' && piece.box.leader === true) {
      const before = out[out.length - 1];
      if (!gluing && before !== undefined && before.kind !== 'break' && before.kind !== 'anchor' && !before.breakAfter && wrapsLines(styleOf(before).whiteSpace)) out[out.length - 1] = { ...before, breakAfter: true };
      gluing = true;
      afterLeader = false;
    }
    if (!gluing || piece.kind === 'break' || piece.forcedBreakAfter) {
      gluing = false;
      out.push(piece);
      continue;
    }
    if (piece.kind === 'close' && piece.box.leader === true) afterLeader = true;
    else if (afterLeader && (piece.kind === 'atomic' || (piece.kind === 'text' && piece.text.trim() !== ''))) {
      gluing = false;
      out.push(piece);
      continue;
    }
    out.push(piece.breakAfter ? { ...piece, breakAfter: false } : piece);
  }
  return out;
}

function styleOf(piece: Exclude<Piece, { kind: 'break' | 'anchor' }>): ComputedStyle {
  return piece.kind === 'text' ? piece.style : piece.box.style;
}
