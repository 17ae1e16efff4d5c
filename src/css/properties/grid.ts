/**
 * CSS Grid 1 properties: the explicit grid (`grid-template-*`), the implicit grid
 * (`grid-auto-*`), placement (`grid-row/column-*`, `grid-area`), the `grid-template` and `grid`
 * shorthands, and `justify-items`/`justify-self` (CSS Box Alignment 3 §6).
 */
import type { CssNode } from 'css-tree';
import type { GridAreas, GridLine, GridSubgrid, GridTrackList, GridTrackSize } from '../model/types.js';
import { isSubgridTemplate } from '../model/types.js';
import type { Nodes } from '../values/nodes.js';
import { parseNumber } from './common.js';
import { identOf, singleIdent, splitBy, stringOf } from '../values/nodes.js';
import type { SpecifiedLength } from '../values/units.js';
import type { ParseContext, PropertyDef } from './define.js';
import { INVALID, longhand, shorthand } from './define.js';
import { parseJustifyItems, parseJustifySelf } from './flexbox.js';
import { computeTrackList, computeTrackSize, parseAreaStrings, parseLineNames, parseSubgrid, parseTrackList, parseTrackSize, parseTrackSizes } from './grid-tracks.js';
import { appendAll } from '../../append-all.js';

type Spec = SpecifiedLength;
type TemplateSpec = GridTrackList<Spec> | GridSubgrid | 'none';

/** `none | <track-list> | <auto-track-list> | subgrid <line-name-list>?`; `masonry` is reported and taken as `none`. */
function parseTemplate(nodes: Nodes, ctx: ParseContext): TemplateSpec | undefined {
  const word = singleIdent(nodes);
  if (word === 'none') return 'none';
  const first = identOf(nodes[0]);
  if (first === 'subgrid') return parseSubgrid(nodes);
  if (first === 'masonry' && nodes.length === 1) {
    ctx.unsupported('`masonry` (the track list is taken as `none`)');
    return 'none';
  }
  return parseTrackList(nodes);
}

function templateProperty(name: string, key: 'gridTemplateColumns' | 'gridTemplateRows'): PropertyDef {
  return longhand<typeof key, TemplateSpec>({
    name, key, inherited: false, initial: 'none',
    parse: (nodes, ctx) => parseTemplate(nodes, ctx) ?? INVALID,
    compute: (value, ctx) => (value === 'none' || isSubgridTemplate(value) ? value : computeTrackList(value, ctx)),
  });
}

function parseAreas(nodes: Nodes): GridAreas | 'none' | undefined {
  if (singleIdent(nodes) === 'none') return 'none';
  const strings = nodes.map(stringOf);
  return strings.every((s) => s !== undefined) ? parseAreaStrings(strings as string[]) : undefined;
}

function autoTracksProperty(name: string, key: 'gridAutoColumns' | 'gridAutoRows'): PropertyDef {
  return longhand<typeof key, GridTrackSize<Spec>[]>({
    name, key, inherited: false, initial: [{ kind: 'minmax', min: 'auto', max: 'auto' }],
    parse: (nodes) => parseTrackSizes(nodes) ?? INVALID,
    compute: (value, ctx) => value.map((size) => computeTrackSize(size, ctx)),
  });
}

type AutoFlow = 'row' | 'column' | 'row dense' | 'column dense';

function parseAutoFlow(words: readonly (string | undefined)[]): AutoFlow | undefined {
  if (words.length === 0 || words.length > 2 || new Set(words).size !== words.length) return undefined;
  let direction: 'row' | 'column' | undefined;
  let dense = false;
  for (const word of words) {
    if (word === 'row' || word === 'column') direction = direction === undefined ? word : undefined;
    else if (word === 'dense') dense = true;
    else return undefined;
  }
  if (words.length === 2 && direction === undefined) return undefined;
  return `${direction ?? 'row'}${dense ? ' dense' : ''}` as AutoFlow;
}

/** `<grid-line>` (CSS Grid 1 §8.3). */
export function parseGridLine(nodes: Nodes): GridLine | undefined {
  if (nodes.length === 0 || nodes.length > 3) return undefined;
  if (nodes.length === 1 && identOf(nodes[0]) === 'auto') return 'auto';
  let span = false;
  let integer: number | undefined;
  let name: string | undefined;
  for (const node of nodes) {
    const word = identOf(node);
    const number = parseNumber(node, { integer: true });
    if (word === 'span' && !span) span = true;
    else if (number !== undefined && integer === undefined) integer = number;
    else if (node.type === 'Identifier' && word !== 'auto' && word !== 'span' && name === undefined) name = node.name;
    else return undefined;
  }
  // `span` comes first or last, never between the integer and the name.
  if (span && nodes.length === 3 && identOf(nodes[1]) === 'span') return undefined;
  if (span) return (integer ?? 1) > 0 && (integer !== undefined || name !== undefined) ? { kind: 'span', count: integer ?? 1, name } : undefined;
  if (integer === 0) return undefined;
  if (integer === undefined && name === undefined) return undefined;
  return { kind: 'line', line: integer ?? 0, name };
}

function lineProperty(name: string, key: 'gridRowStart' | 'gridRowEnd' | 'gridColumnStart' | 'gridColumnEnd'): PropertyDef {
  return longhand<typeof key, GridLine>({
    name, key, inherited: false, initial: 'auto',
    parse: (nodes) => parseGridLine(nodes) ?? INVALID,
    compute: (value) => value,
  });
}

/** The value an omitted end takes (§8.4): the same name if the start is a lone name, else `auto`. */
function omittedLine(from: GridLine): GridLine {
  return typeof from === 'object' && from.kind === 'line' && from.line === 0 ? from : 'auto';
}

/** `grid-row`, `grid-column`: `<grid-line> [ / <grid-line> ]?`. */
function lineShorthand(name: string, start: string, end: string): PropertyDef {
  return shorthand(name, [start, end], (nodes) => {
    const parts = splitBy(nodes, '/');
    if (parts.length > 2) return INVALID;
    const lines = parts.map(parseGridLine);
    if (lines.some((line) => line === undefined)) return INVALID;
    const first = lines[0]!;
    return new Map<string, unknown>([[start, first], [end, lines[1] ?? omittedLine(first)]]);
  });
}

/** `grid-area: <grid-line> [ / <grid-line> ]{0,3}` (row-start / column-start / row-end / column-end). */
const gridArea = shorthand('grid-area', ['grid-row-start', 'grid-column-start', 'grid-row-end', 'grid-column-end'], (nodes) => {
  const parts = splitBy(nodes, '/');
  if (parts.length > 4) return INVALID;
  const lines = parts.map(parseGridLine);
  if (lines.some((line) => line === undefined)) return INVALID;
  const rowStart = lines[0]!;
  const columnStart = lines[1] ?? omittedLine(rowStart);
  const rowEnd = lines[2] ?? omittedLine(rowStart);
  const columnEnd = lines[3] ?? omittedLine(columnStart);
  return new Map<string, unknown>([['grid-row-start', rowStart], ['grid-column-start', columnStart], ['grid-row-end', rowEnd], ['grid-column-end', columnEnd]]);
});

interface TemplateParts {
  readonly rows: TemplateSpec;
  readonly columns: TemplateSpec;
  readonly areas: GridAreas | 'none';
}

/**
 * `grid-template` (§7.4): `none`, `<rows> / <columns>`, or rows of area strings, each with its
 * line names and an optional track size, then `/ <explicit-track-list>`.
 */
function parseGridTemplate(nodes: Nodes, ctx: ParseContext): TemplateParts | undefined {
  if (singleIdent(nodes) === 'none') return { rows: 'none', columns: 'none', areas: 'none' };
  const parts = splitBy(nodes, '/');
  if (parts.length !== 2) return undefined;
  if (!parts[0]!.some((node) => node.type === 'String')) {
    const rows = parseTemplate(parts[0]!, ctx);
    const columns = parseTemplate(parts[1]!, ctx);
    return rows === undefined || columns === undefined ? undefined : { rows, columns, areas: 'none' };
  }
  return parseAreaTemplate(parts[0]!, parts[1]!);
}

function parseAreaTemplate(rowNodes: Nodes, columnNodes: Nodes | undefined): TemplateParts | undefined {
  const strings: string[] = [];
  const names: string[][] = [[]];
  const entries: GridTrackSize<Spec>[] = [];
  let pendingSize = false;
  for (const node of rowNodes) {
    const text = stringOf(node);
    const lineNames = parseLineNames(node);
    if (text !== undefined) {
      if (pendingSize) entries.push({ kind: 'minmax', min: 'auto', max: 'auto' });
      strings.push(text);
      names.push([]);
      pendingSize = true;
    } else if (lineNames !== undefined) {
      appendAll(names[names.length - 1]!, lineNames);
    } else {
      const size = pendingSize && names[names.length - 1]!.length === 0 ? parseTrackSize(node) : undefined;
      if (size === undefined) return undefined;
      entries.push(size);
      pendingSize = false;
    }
  }
  if (pendingSize) entries.push({ kind: 'minmax', min: 'auto', max: 'auto' });
  const areas = parseAreaStrings(strings);
  const columns = columnNodes === undefined ? 'none' : parseTrackList(columnNodes);
  if (areas === undefined || columns === undefined) return undefined;
  if (columns !== 'none' && columns.entries.some((entry) => entry.kind === 'repeat' && typeof entry.count === 'string')) return undefined;
  return { rows: { names, entries }, columns, areas };
}

const TEMPLATE_LONGHANDS = ['grid-template-rows', 'grid-template-columns', 'grid-template-areas'];

function templateMap(parts: TemplateParts): Map<string, unknown> {
  return new Map<string, unknown>([['grid-template-rows', parts.rows], ['grid-template-columns', parts.columns], ['grid-template-areas', parts.areas]]);
}

const gridTemplate = shorthand('grid-template', TEMPLATE_LONGHANDS, (nodes, ctx) => {
  const parts = parseGridTemplate(nodes, ctx) ?? (nodes.some((node) => node.type === 'String') ? parseAreaTemplate(nodes, undefined) : undefined);
  return parts === undefined ? INVALID : templateMap(parts);
});

const AUTO_TRACK: GridTrackSize<Spec>[] = [{ kind: 'minmax', min: 'auto', max: 'auto' }];

/** `grid` (§7.8): a `grid-template`, or auto-flow rows or columns on one side of the `/`. */
const grid = shorthand('grid', [...TEMPLATE_LONGHANDS, 'grid-auto-rows', 'grid-auto-columns', 'grid-auto-flow'], (nodes, ctx) => {
  const template = parseGridTemplate(nodes, ctx) ?? (nodes.some((node) => node.type === 'String') ? parseAreaTemplate(nodes, undefined) : undefined);
  const result = template === undefined ? undefined : templateMap(template);
  if (result !== undefined) {
    result.set('grid-auto-rows', AUTO_TRACK).set('grid-auto-columns', AUTO_TRACK).set('grid-auto-flow', 'row');
    return result;
  }
  const parts = splitBy(nodes, '/');
  if (parts.length !== 2) return INVALID;
  const rowsFlow = autoFlowSide(parts[0]!, 'row');
  const columnsFlow = rowsFlow === undefined ? autoFlowSide(parts[1]!, 'column') : undefined;
  const flow = rowsFlow ?? columnsFlow;
  const other = parseTemplate(rowsFlow !== undefined ? parts[1]! : parts[0]!, ctx);
  if (flow === undefined || other === undefined) return INVALID;
  return new Map<string, unknown>([
    ['grid-template-rows', rowsFlow !== undefined ? 'none' : other],
    ['grid-template-columns', rowsFlow !== undefined ? other : 'none'],
    ['grid-template-areas', 'none'],
    ['grid-auto-rows', rowsFlow !== undefined ? flow.tracks : AUTO_TRACK],
    ['grid-auto-columns', rowsFlow !== undefined ? AUTO_TRACK : flow.tracks],
    ['grid-auto-flow', flow.flow],
  ]);
});

/** `[ auto-flow && dense? ] <grid-auto-*>?` on one side of `grid`. */
function autoFlowSide(nodes: Nodes, direction: 'row' | 'column'): { flow: AutoFlow; tracks: GridTrackSize<Spec>[] } | undefined {
  const keywords: CssNode[] = [];
  let index = 0;
  while (index < nodes.length && (identOf(nodes[index]) === 'auto-flow' || identOf(nodes[index]) === 'dense')) keywords.push(nodes[index++]!);
  const words = keywords.map(identOf);
  if (!words.includes('auto-flow') || new Set(words).size !== words.length) return undefined;
  const rest = nodes.slice(index);
  const tracks = rest.length === 0 ? AUTO_TRACK : parseTrackSizes(rest);
  if (tracks === undefined) return undefined;
  return { flow: `${direction}${words.includes('dense') ? ' dense' : ''}` as AutoFlow, tracks };
}

function justifyProperty(name: string, key: 'justifyItems' | 'justifySelf', initial: string, parse: (nodes: Nodes) => string | undefined): PropertyDef {
  return longhand<typeof key, string>({ name, key, inherited: false, initial, parse: (nodes) => parseJustifyLegacy(nodes) ?? parse(nodes) ?? INVALID, compute: (v) => v });
}

/** `legacy left | right | center` behaves as its positional keyword in grid items. */
function parseJustifyLegacy(nodes: Nodes): string | undefined {
  const words = nodes.map(identOf);
  if (words.length !== 2 || !words.includes('legacy')) return undefined;
  const other = words.find((word) => word !== 'legacy');
  return other === 'left' || other === 'right' || other === 'center' ? other : undefined;
}

export const GRID_PROPERTIES: readonly PropertyDef[] = [
  templateProperty('grid-template-columns', 'gridTemplateColumns'),
  templateProperty('grid-template-rows', 'gridTemplateRows'),
  longhand<'gridTemplateAreas', GridAreas | 'none'>({
    name: 'grid-template-areas', key: 'gridTemplateAreas', inherited: false, initial: 'none',
    parse: (nodes) => parseAreas(nodes) ?? INVALID, compute: (value) => value,
  }),
  autoTracksProperty('grid-auto-columns', 'gridAutoColumns'),
  autoTracksProperty('grid-auto-rows', 'gridAutoRows'),
  longhand<'gridAutoFlow', AutoFlow>({
    name: 'grid-auto-flow', key: 'gridAutoFlow', inherited: false, initial: 'row',
    parse: (nodes) => parseAutoFlow(nodes.map(identOf)) ?? INVALID, compute: (value) => value,
  }),
  lineProperty('grid-row-start', 'gridRowStart'),
  lineProperty('grid-row-end', 'gridRowEnd'),
  lineProperty('grid-column-start', 'gridColumnStart'),
  lineProperty('grid-column-end', 'gridColumnEnd'),
  lineShorthand('grid-row', 'grid-row-start', 'grid-row-end'),
  lineShorthand('grid-column', 'grid-column-start', 'grid-column-end'),
  gridArea,
  gridTemplate,
  grid,
  justifyProperty('justify-items', 'justifyItems', 'normal', parseJustifyItems),
  justifyProperty('justify-self', 'justifySelf', 'auto', parseJustifySelf),
];
