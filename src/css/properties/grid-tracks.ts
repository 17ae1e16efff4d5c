/**
 * CSS Grid 1 §7.2-7.3 value grammar: track sizes, `repeat()`, line names, track lists and
 * `grid-template-areas` strings. Parsers return specified values (lengths not yet computed) or
 * undefined for an invalid value; `computeTrackList` and friends make them computed values.
 */
import type { CssNode } from 'css-tree';
import type { GridAreas, GridBreadth, GridNamedArea, GridRepeat, GridSubgrid, GridTrackList, GridTrackSize, LengthPercentage } from '../model/types.js';
import type { Nodes } from '../values/nodes.js';
import { parseNumber } from './common.js';
import { childrenOf, identOf, splitBy } from '../values/nodes.js';
import type { LengthContext, SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import { appendAll } from '../../append-all.js';

type Spec = SpecifiedLength;
const RESERVED_IDENTS = new Set(['span', 'auto', 'inherit', 'initial', 'unset', 'default', 'revert', 'revert-layer']);

/** `[a b]`: the names of one line; undefined when the node is not a line-name list. */
export function parseLineNames(node: CssNode | undefined): string[] | undefined {
  if (node === undefined || node.type !== 'Brackets') return undefined;
  const names: string[] = [];
  for (const child of childrenOf(node)) {
    if (child.type !== 'Identifier' || RESERVED_IDENTS.has(child.name.toLowerCase())) return undefined;
    names.push(child.name);
  }
  return names;
}

/** `<track-breadth>` or `<inflexible-breadth>` (no `fr`). */
function parseBreadth(node: CssNode | undefined, flexible: boolean): GridBreadth<Spec> | undefined {
  const word = identOf(node);
  if (word === 'auto' || word === 'min-content' || word === 'max-content') return word;
  if (node?.type === 'Dimension' && node.unit.toLowerCase() === 'fr') {
    const fr = Number(node.value);
    return flexible && Number.isFinite(fr) && fr >= 0 ? { fr } : undefined;
  }
  return parseLength(node, { percent: true });
}

/** `<track-size>`: a breadth, `minmax()` or `fit-content()`. */
export function parseTrackSize(node: CssNode | undefined): GridTrackSize<Spec> | undefined {
  if (node?.type === 'Function') {
    const name = node.name.toLowerCase();
    const args = splitBy(childrenOf(node), ',');
    if (name === 'minmax') {
      if (args.length !== 2 || args[0]!.length !== 1 || args[1]!.length !== 1) return undefined;
      const min = parseBreadth(args[0]![0], false);
      const max = parseBreadth(args[1]![0], true);
      return min === undefined || max === undefined ? undefined : { kind: 'minmax', min, max };
    }
    if (name === 'fit-content') {
      const limit = args.length === 1 && args[0]!.length === 1 ? parseLength(args[0]![0], { percent: true }) : undefined;
      return limit === undefined ? undefined : { kind: 'fit-content', limit };
    }
  }
  const breadth = parseBreadth(node, true);
  if (breadth === undefined) return undefined;
  // A flexible size alone is minmax(auto, <flex>) (CSS Grid 1 §7.2.4).
  return { kind: 'minmax', min: typeof breadth === 'object' && 'fr' in breadth ? 'auto' : breadth, max: breadth };
}

interface NamedTracks {
  readonly names: string[][];
  readonly entries: (GridTrackSize<Spec> | GridRepeat<Spec>)[];
}

/** Line names and track sizes in order (`[a] 1fr [b c] auto`); `repeat()` only where `allowRepeat`. */
function parseNamedTracks(nodes: Nodes, allowRepeat: boolean): NamedTracks | undefined {
  const names: string[][] = [[]];
  const entries: (GridTrackSize<Spec> | GridRepeat<Spec>)[] = [];
  for (const node of nodes) {
    const lineNames = parseLineNames(node);
    if (lineNames !== undefined) {
      appendAll(names[names.length - 1]!, lineNames);
      continue;
    }
    const entry = allowRepeat && node.type === 'Function' && node.name.toLowerCase() === 'repeat' ? parseRepeat(node) : parseTrackSize(node);
    if (entry === undefined) return undefined;
    entries.push(entry);
    names.push([]);
  }
  return { names, entries };
}

function parseRepeat(node: CssNode): GridRepeat<Spec> | undefined {
  const children = childrenOf(node);
  const comma = children.findIndex((child) => child.type === 'Operator' && child.value.trim() === ',');
  if (comma !== 1) return undefined;
  const word = identOf(children[0]);
  const integer = parseNumber(children[0], { integer: true });
  const count = word === 'auto-fill' || word === 'auto-fit' ? word : integer !== undefined && integer >= 1 ? integer : undefined;
  const inner = parseNamedTracks(children.slice(2), false);
  if (count === undefined || inner === undefined || inner.entries.length === 0) return undefined;
  return { kind: 'repeat', count, names: inner.names, tracks: inner.entries as GridTrackSize<Spec>[] };
}

/**
 * `subgrid <line-name-list>?` (CSS Grid 2 §9, §7.2): line-name lists and `repeat()`s of them, an
 * integer count or at most one `auto-fill`.
 */
export function parseSubgrid(nodes: Nodes): GridSubgrid | undefined {
  if (identOf(nodes[0]) !== 'subgrid') return undefined;
  const lineNames: string[][] = [];
  let autoFill: GridSubgrid['autoFill'];
  for (const node of nodes.slice(1)) {
    const names = parseLineNames(node);
    if (names !== undefined) {
      lineNames.push(names);
      continue;
    }
    if (node.type !== 'Function' || node.name.toLowerCase() !== 'repeat') return undefined;
    const children = childrenOf(node);
    const comma = children.findIndex((child) => child.type === 'Operator' && child.value.trim() === ',');
    const count = identOf(children[0]) === 'auto-fill' ? 'auto-fill' : parseNumber(children[0], { integer: true });
    const repeated = children.slice(2).map(parseLineNames);
    if (comma !== 1 || count === undefined || (count !== 'auto-fill' && count < 1) || repeated.length === 0 || repeated.some((n) => n === undefined)) return undefined;
    if (count === 'auto-fill') {
      if (autoFill !== undefined) return undefined;
      autoFill = { at: lineNames.length, lineNames: repeated as string[][] };
    } else {
      for (let i = 0; i < Math.min(count, 10000); i++) appendAll(lineNames, repeated as string[][]);
    }
  }
  return autoFill === undefined ? { kind: 'subgrid', lineNames } : { kind: 'subgrid', lineNames, autoFill };
}

/** A `<track-list>` or `<auto-track-list>`: at most one auto repeat, whose tracks have a fixed size (§7.2.3.2). */
export function parseTrackList(nodes: Nodes): GridTrackList<Spec> | undefined {
  if (nodes.length === 0) return undefined;
  const parsed = parseNamedTracks(nodes, true);
  if (parsed === undefined || parsed.entries.length === 0) return undefined;
  const autoRepeats = parsed.entries.filter((entry) => entry.kind === 'repeat' && typeof entry.count === 'string') as GridRepeat<Spec>[];
  if (autoRepeats.length > 1) return undefined;
  if (autoRepeats.length === 1 && !autoRepeats[0]!.tracks.every(isFixedSize)) return undefined;
  return parsed;
}

/** `<fixed-size>`: at least one of its sizing functions is a definite length (§7.2.3.2). */
function isFixedSize(size: GridTrackSize<Spec>): boolean {
  if (size.kind === 'fit-content') return false;
  const fixed = (breadth: GridBreadth<Spec>): boolean => typeof breadth !== 'string' && !(typeof breadth === 'object' && 'fr' in breadth);
  return fixed(size.min) || fixed(size.max);
}

/** `grid-auto-rows/columns`: one or more track sizes. */
export function parseTrackSizes(nodes: Nodes): GridTrackSize<Spec>[] | undefined {
  if (nodes.length === 0) return undefined;
  const sizes = nodes.map(parseTrackSize);
  return sizes.every((size) => size !== undefined) ? (sizes as GridTrackSize<Spec>[]) : undefined;
}

/**
 * The rows of `grid-template-areas` (§7.3): each string cut into cell tokens (names, `.` runs
 * for null cells); every row has as many cells and every name covers a rectangle.
 */
export function parseAreaStrings(rows: readonly string[]): GridAreas | undefined {
  if (rows.length === 0) return undefined;
  const cells: (string | undefined)[][] = [];
  for (const row of rows) {
    const tokens = areaTokens(row);
    if (tokens === undefined || tokens.length === 0) return undefined;
    cells.push(tokens);
  }
  const columns = cells[0]!.length;
  if (cells.some((row) => row.length !== columns)) return undefined;
  const areas = new Map<string, GridNamedArea>();
  cells.forEach((row, r) => row.forEach((name, c) => {
    if (name === undefined) return;
    const area = areas.get(name);
    areas.set(name, area === undefined
      ? { name, rowStart: r + 1, rowEnd: r + 2, columnStart: c + 1, columnEnd: c + 2 }
      : { name, rowStart: area.rowStart, rowEnd: Math.max(area.rowEnd, r + 2), columnStart: Math.min(area.columnStart, c + 1), columnEnd: Math.max(area.columnEnd, c + 2) });
  }));
  for (const area of areas.values()) {
    for (let r = area.rowStart; r < area.rowEnd; r++) {
      for (let c = area.columnStart; c < area.columnEnd; c++) if (cells[r - 1]![c - 1] !== area.name) return undefined;
    }
  }
  return { rows: cells.length, columns, areas: [...areas.values()] };
}

/** Cell tokens of one string: a name, or undefined for a null cell token (a run of `.`); undefined for a trash token. */
function areaTokens(row: string): (string | undefined)[] | undefined {
  const tokens: (string | undefined)[] = [];
  const pattern = /\s*(?:(\.+)|([-\w\u0080-\uffff]+)|(\S))/gy;
  for (const match of row.trimEnd().matchAll(pattern)) {
    if (match[3] !== undefined) return undefined;
    tokens.push(match[1] !== undefined ? undefined : match[2]);
  }
  return tokens;
}

function computeBreadth(breadth: GridBreadth<Spec>, ctx: LengthContext): GridBreadth {
  return typeof breadth === 'string' || (typeof breadth === 'object' && 'fr' in breadth) ? breadth : computeLength(breadth, ctx);
}

export function computeTrackSize(size: GridTrackSize<Spec>, ctx: LengthContext): GridTrackSize {
  if (size.kind === 'fit-content') return { kind: 'fit-content', limit: computeLength(size.limit, ctx) as LengthPercentage };
  return { kind: 'minmax', min: computeBreadth(size.min, ctx), max: computeBreadth(size.max, ctx) };
}

export function computeTrackList(list: GridTrackList<Spec>, ctx: LengthContext): GridTrackList {
  return {
    names: list.names,
    entries: list.entries.map((entry) => (entry.kind === 'repeat'
      ? { ...entry, tracks: entry.tracks.map((track) => computeTrackSize(track, ctx)) }
      : computeTrackSize(entry, ctx))),
  };
}
