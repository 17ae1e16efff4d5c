/**
 * `<position>` (CSS Values 4 §9.1, CSS Backgrounds 3 §3.6 `<bg-position>`): one to four values,
 * keywords and offsets, as an offset from the left/top or the right/bottom edge per axis.
 */
import type { CssNode } from 'css-tree';
import type { PositionAxis, Position } from '../model/image-types.js';
import type { LengthContext, SpecifiedLength } from './units.js';
import { computeLength, parseLength } from './units.js';
import { identOf } from './nodes.js';
import type { Nodes } from './nodes.js';
import { resolveLength } from './length.js';
import type { Rect } from '../../geometry/types.js';

export interface SpecifiedAxis {
  readonly edge: 'start' | 'end';
  readonly offset: SpecifiedLength;
}

export interface SpecifiedPosition {
  readonly x: SpecifiedAxis;
  readonly y: SpecifiedAxis;
}

const percent = (value: number): SpecifiedLength => ({ kind: 'percent', value });

/** `0% 0%`, the initial background-position. */
export const TOP_LEFT: SpecifiedPosition = { x: { edge: 'start', offset: percent(0) }, y: { edge: 'start', offset: percent(0) } };

export const CENTER: SpecifiedPosition = { x: { edge: 'start', offset: percent(50) }, y: { edge: 'start', offset: percent(50) } };

type Axis = 'x' | 'y' | 'either';

const KEYWORD_AXIS: Readonly<Record<string, Axis>> = { left: 'x', right: 'x', top: 'y', bottom: 'y', center: 'either' };

function keywordAxis(word: string): SpecifiedAxis {
  if (word === 'center') return { edge: 'start', offset: percent(50) };
  return { edge: 'start', offset: percent(word === 'left' || word === 'top' ? 0 : 100) };
}

const lengthOf = (node: CssNode | undefined): SpecifiedLength | undefined => parseLength(node, { percent: true, negative: true });

/** One or two values: each a keyword or an offset from the left/top. */
function parseShort(nodes: Nodes): SpecifiedPosition | undefined {
  const parts: { axis: Axis; value: SpecifiedAxis }[] = [];
  for (const node of nodes) {
    const word = identOf(node);
    if (word !== undefined) {
      const axis = KEYWORD_AXIS[word];
      if (axis === undefined) return undefined;
      parts.push({ axis, value: keywordAxis(word) });
      continue;
    }
    const length = lengthOf(node);
    if (length === undefined) return undefined;
    parts.push({ axis: 'either', value: { edge: 'start', offset: length } });
  }
  const [a, b] = parts;
  if (a === undefined) return undefined;
  if (b === undefined) return a.axis === 'y' ? { x: CENTER.x, y: a.value } : { x: a.value, y: CENTER.y };
  // a length fixes the order (x then y); two keywords may come in either order
  if (a.axis === 'y' || b.axis === 'x') {
    if (a.axis === 'x' || b.axis === 'y' || nodes.some((n) => identOf(n) === undefined)) return undefined;
    return { x: b.value, y: a.value };
  }
  return { x: a.value, y: b.value };
}

/** Three or four values: `edge offset?` pairs (CSS Backgrounds 3 §3.6). */
function parseLong(nodes: Nodes): SpecifiedPosition | undefined {
  const groups: { word: string; offset: SpecifiedLength | undefined }[] = [];
  for (const node of nodes) {
    const word = identOf(node);
    if (word !== undefined) {
      if (KEYWORD_AXIS[word] === undefined) return undefined;
      groups.push({ word, offset: undefined });
      continue;
    }
    const last = groups[groups.length - 1];
    const length = lengthOf(node);
    if (last === undefined || last.offset !== undefined || last.word === 'center' || length === undefined) return undefined;
    last.offset = length;
  }
  if (groups.length !== 2) return undefined;
  const axes = groups.map((group): { axis: Axis; value: SpecifiedAxis } => {
    const axis = KEYWORD_AXIS[group.word]!;
    if (group.offset === undefined) return { axis, value: keywordAxis(group.word) };
    const end = group.word === 'right' || group.word === 'bottom';
    return { axis, value: { edge: end ? 'end' : 'start', offset: group.offset } };
  });
  const [a, b] = axes as [{ axis: Axis; value: SpecifiedAxis }, { axis: Axis; value: SpecifiedAxis }];
  if (a.axis === b.axis && a.axis !== 'either') return undefined;
  if (a.axis === 'y' || b.axis === 'x') return { x: b.value, y: a.value };
  return { x: a.value, y: b.value };
}

export function parsePosition(nodes: Nodes): SpecifiedPosition | undefined {
  if (nodes.length === 0 || nodes.length > 4) return undefined;
  return nodes.length <= 2 ? parseShort(nodes) : parseLong(nodes);
}

/**
 * One axis alone (`background-position-x`/`-y`, CSS Backgrounds 4 §2.3): `center`, an offset from
 * the left/top, an edge keyword, or an edge keyword and its offset (`right 10px`).
 */
export function parsePositionAxis(nodes: Nodes, axis: 'x' | 'y'): SpecifiedAxis | undefined {
  const [first, second] = nodes;
  if (first === undefined || nodes.length > 2) return undefined;
  const word = identOf(first);
  if (word === undefined) return nodes.length === 1 ? mapDefined(lengthOf(first), (offset) => ({ edge: 'start', offset })) : undefined;
  const edges = axis === 'x' ? ['left', 'right'] : ['top', 'bottom'];
  if (word !== 'center' && !edges.includes(word)) return undefined;
  if (second === undefined) return keywordAxis(word);
  const offset = word === 'center' ? undefined : lengthOf(second);
  return offset === undefined ? undefined : { edge: word === edges[0] ? 'start' : 'end', offset };
}

function mapDefined<T, U>(value: T | undefined, map: (value: T) => U): U | undefined {
  return value === undefined ? undefined : map(value);
}

/** How many leading nodes form a position (the longest that parses), 0 if none. */
export function positionLength(nodes: Nodes): number {
  for (let n = Math.min(4, nodes.length); n > 0; n--) if (parsePosition(nodes.slice(0, n)) !== undefined) return n;
  return 0;
}

export function computeAxis(axis: SpecifiedAxis, ctx: LengthContext): PositionAxis {
  return { edge: axis.edge, offset: computeLength(axis.offset, ctx) };
}

export function computePosition(position: SpecifiedPosition, ctx: LengthContext): Position {
  return { x: computeAxis(position.x, ctx), y: computeAxis(position.y, ctx) };
}

/** A position inside a box, px from the page origin. */
export function positionIn(position: Position, box: Rect, subject: { width: number; height: number } = { width: 0, height: 0 }): { x: number; y: number } {
  const axis = (a: Position['x'], start: number, room: number): number => {
    const offset = resolveLength(a.offset, room);
    return a.edge === 'start' ? start + offset : start + room - offset;
  };
  return { x: axis(position.x, box.x, box.width - subject.width), y: axis(position.y, box.y, box.height - subject.height) };
}
