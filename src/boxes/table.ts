/**
 * Table boxes (CSS2 §17.2.1, the anonymous table objects; HTML §15.3.8): the builder turns each
 * table-internal element into its typed box (row group, row, cell, column, column group, caption),
 * and this fix-up makes the tree well formed — white space between table parts dropped, stray
 * content wrapped in anonymous cells and rows, and misparented parts (a `display: table-cell`
 * inside a div) given the anonymous row and table they miss.
 */
import type { ComputedStyle, Display } from '../css/types.js';
import type {
  BlockBox, Box, BoxElement, OuterDisplay, TableBox, TableCellBox, TableColumnBox, TableColumnGroupBox, TableRowBox, TableRowGroupBox, TableWrapperBox,
} from './types.js';
import { childBoxes } from './types.js';
import { isCollapsibleWhiteSpaceOnly } from './whitespace.js';
import { exactLength } from '../exact-length.js';
import { withStyle } from '../css/compute.js';
import { appendAll } from '../append-all.js';

export type AnonymousStyle = (parent: ComputedStyle, display: Display) => ComputedStyle;
/** Builds a block container (the content of a cell or caption) from its children; `pseudo` when a ::before/::after's. */
export type BlockOf = (style: ComputedStyle, element: BoxElement | undefined, children: readonly Box[], pseudo?: 'before' | 'after') => BlockBox;

export interface TableParts {
  readonly anonymousStyle: AnonymousStyle;
  readonly blockOf: BlockOf;
  /** The tables inside a table cell (BoxTree.tablesInCells), filled as cells are made. */
  readonly tablesInCells: WeakSet<TableBox>;
}


const isCaption = (box: Box): box is BlockBox => box.kind === 'block' && box.style.display === 'table-caption';

/** A box that belongs inside a table (a proper table child or a cell): it needs a table parent. */
function isTablePart(box: Box): boolean {
  switch (box.kind) {
    case 'table-row-group': case 'table-row': case 'table-cell': case 'table-column': case 'table-column-group': return true;
    default: return isCaption(box);
  }
}

const isWhiteSpace = (box: Box): boolean => box.kind === 'text' && isCollapsibleWhiteSpaceOnly(box);

/** HTML integer attributes (`colspan`, `rowspan`, `span`) clamped as HTML §4.9.11 says; `fallback` when absent or invalid. */
export function spanAttribute(element: BoxElement | undefined, name: string, min: number, max: number, fallback: number): number {
  const raw = element?.attribs[name];
  if (raw === undefined) return fallback;
  const match = /^\s*\+?(\d+)/.exec(raw);
  if (match === null) return fallback;
  const value = Number(match[1]);
  return value < min ? (min === 0 ? 0 : fallback) : Math.min(max, value);
}

/**
 * CSS2 §17.2.1 step 3: in a parent that is not a table, each run of table parts (with the white
 * space between them) is wrapped in an anonymous table — inline-level inside an inline box.
 */
export function wrapMisparentedParts(children: readonly Box[], parent: ComputedStyle, inlineParent: boolean, parts: TableParts): readonly Box[] {
  // no table part (nearly always): the list as it is, not a copy (every caller makes its own list from it)
  if (!children.some(isTablePart)) return children;
  const out: Box[] = [];
  let run: Box[] = [];
  let pendingSpace: Box[] = [];
  const flush = (): void => {
    if (run.length > 0) out.push(tableWrapper(undefined, parts.anonymousStyle(parent, inlineParent ? 'inline-table' : 'table'), inlineParent ? 'inline' : 'block', run, parts));
    appendAll(out, pendingSpace);
    run = [];
    pendingSpace = [];
  };
  for (const child of children) {
    if (isTablePart(child)) {
      run.push(child);
      pendingSpace = [];
    } else if (run.length > 0 && isWhiteSpace(child)) {
      pendingSpace.push(child);
    } else {
      flush();
      out.push(child);
    }
  }
  flush();
  return exactLength(out);
}

/**
 * The boxes of a table-internal element (`display` one of the table-* values), or undefined for
 * other displays. A ::before/::after (`pseudo`) is its element's part as Chromium builds it: it
 * takes none of the element's `colspan`, `rowspan` or `span` attributes.
 */
export function tablePartBox(element: BoxElement, style: ComputedStyle, children: readonly Box[], parts: TableParts, pseudo?: 'before' | 'after'): Box | undefined {
  const spans = pseudo === undefined ? element : undefined;
  let part: Box;
  switch (style.display) {
    case 'table-row-group': case 'table-header-group': case 'table-footer-group': part = rowGroup(element, style, children, parts); break;
    case 'table-row': part = row(element, style, children, parts); break;
    case 'table-cell': part = cell(element, style, children, parts, pseudo); break;
    case 'table-column': part = { kind: 'table-column', style, element, pseudo: undefined, span: spanAttribute(spans, 'span', 1, 1000, 1) }; break;
    case 'table-column-group': part = columnGroup(element, style, children, spans); break;
    case 'table-caption': return parts.blockOf(style, element, children, pseudo);
    default: return undefined;
  }
  return pseudo === undefined ? part : { ...part, pseudo };
}

/** A `table` or `inline-table` element: the wrapper box with its captions and the table grid box. */
export function tableWrapper(element: BoxElement | undefined, style: ComputedStyle, outer: OuterDisplay, children: readonly Box[], parts: TableParts): TableWrapperBox {
  const captions: BlockBox[] = [];
  const columns: TableColumnGroupBox[] = [];
  const groups: TableRowGroupBox[] = [];
  let rows: Box[] = [];
  const flushRows = (): void => {
    if (rows.length > 0) groups.push(rowGroup(undefined, parts.anonymousStyle(style, 'table-row-group'), rows, parts));
    rows = [];
  };
  for (const child of children) {
    if (isCaption(child)) captions.push(child);
    else if (child.kind === 'table-column-group') columns.push(child);
    else if (child.kind === 'table-column') columns.push({ kind: 'table-column-group', style: parts.anonymousStyle(style, 'table-column-group'), element: undefined, pseudo: undefined, span: child.span, columns: [child] });
    else if (child.kind === 'table-row-group') {
      flushRows();
      groups.push(child);
    } else if (!(isWhiteSpace(child) && rows.length === 0)) rows.push(child);
  }
  flushRows();
  const table: TableBox = { kind: 'table', style: tableGridStyle(style), element, pseudo: undefined, columnGroups: columns, rowGroups: groups };
  return { kind: 'table-wrapper', outer, style: wrapperStyle(style, parts), element, pseudo: undefined, table, captions };
}

/**
 * CSS2 §17.4: the wrapper box takes the table's position, float, margins and breaks; the table
 * grid box keeps everything else (width, borders, padding, backgrounds). Its transform and filter
 * go to the wrapper too, as Chromium applies them: the captions turn with the table, and the
 * wrapper contains the table's absolutely and fixed positioned descendants (CSS Transforms 1 §2).
 * So do the properties of a flex or grid item (CSS Tables 3 §3.7: `order`, `flex-*`, `align-self`,
 * `justify-self`, `grid-row`/`grid-column`): a table placed in a grid column or ordered in a flex
 * row is, as in Chromium (tableAsItem gives it its width there).
 */
function wrapperStyle(style: ComputedStyle, parts: TableParts): ComputedStyle {
  const anonymous = parts.anonymousStyle(style, style.display);
  return withStyle(anonymous, {
    display: style.display,
    position: style.position, float: style.float, clear: style.clear, zIndex: style.zIndex,
    top: style.top, right: style.right, bottom: style.bottom, left: style.left,
    marginTop: style.marginTop, marginRight: style.marginRight, marginBottom: style.marginBottom, marginLeft: style.marginLeft,
    breakBefore: style.breakBefore, breakAfter: style.breakAfter, breakInside: style.breakInside, page: style.page,
    verticalAlign: style.verticalAlign, opacity: style.opacity, visibility: style.visibility,
    transform: style.transform, transformOrigin: style.transformOrigin, filter: style.filter,
    order: style.order, flexGrow: style.flexGrow, flexShrink: style.flexShrink, flexBasis: style.flexBasis, alignSelf: style.alignSelf, justifySelf: style.justifySelf,
    gridRowStart: style.gridRowStart, gridRowEnd: style.gridRowEnd, gridColumnStart: style.gridColumnStart, gridColumnEnd: style.gridColumnEnd,
  });
}

/**
 * A table that is a flex or grid item: the item is its wrapper, which takes the table's `width`,
 * `min-width` and `max-width` (the table's border box, CSS2 §17.5.2: `box-sizing: border-box`)
 * and the table fills it, so `width: 30%` is 30% of the container and flexing or a grid area's
 * alignment sizes the table, as in Chromium, where the table is the item. A table is never
 * narrower than its min-content (CSS Tables 3 §3.9.2): without a `min-width` of its own, that is
 * the item's. A table of `auto` width keeps its own sizing (its max-content is the item's).
 */
export function tableAsItem(wrapper: TableWrapperBox): TableWrapperBox {
  const table = wrapper.table.style;
  if (table.width === 'auto' && table.minWidth === 'auto' && table.maxWidth === 'none') return wrapper;
  const minWidth = table.minWidth === 'auto' ? 'min-content' : table.minWidth;
  return {
    ...wrapper,
    style: withStyle(wrapper.style, { width: table.width, minWidth, maxWidth: table.maxWidth, boxSizing: 'border-box' }),
    table: { ...wrapper.table, style: withStyle(table, { width: table.width === 'auto' ? 'auto' : FULL_WIDTH, minWidth: 'auto', maxWidth: 'none' }) },
  };
}

const FULL_WIDTH = { kind: 'percent', value: 100 } as const;

const NO_TRANSFORM: ComputedStyle['transform'] = [];
const NO_FILTER: ComputedStyle['filter'] = [];

function tableGridStyle(style: ComputedStyle): ComputedStyle {
  return withStyle(style, { position: 'static', float: 'none', clear: 'none', zIndex: 'auto', marginTop: 0, marginRight: 0, marginBottom: 0, marginLeft: 0, opacity: 1, transform: NO_TRANSFORM, filter: NO_FILTER });
}

function rowGroup(element: BoxElement | undefined, style: ComputedStyle, children: readonly Box[], parts: TableParts): TableRowGroupBox {
  const rows = wrapRuns(children, 'table-row', style, parts) as TableRowBox[];
  const role = style.display === 'table-header-group' ? 'header' : style.display === 'table-footer-group' ? 'footer' : 'body';
  return { kind: 'table-row-group', style, element, pseudo: undefined, role, rows };
}

function row(element: BoxElement | undefined, style: ComputedStyle, children: readonly Box[], parts: TableParts): TableRowBox {
  const cells = wrapRuns(children, 'table-cell', style, parts) as TableCellBox[];
  return { kind: 'table-row', style, element, pseudo: undefined, cells };
}

function cell(element: BoxElement | undefined, style: ComputedStyle, children: readonly Box[], parts: TableParts, pseudo?: 'before' | 'after'): TableCellBox {
  const content = parts.blockOf(style, element, children, pseudo);
  const spans = pseudo === undefined ? element : undefined;
  markTablesIn(content, parts.tablesInCells);
  return {
    kind: 'table-cell', style, element, pseudo: undefined, content,
    colSpan: spanAttribute(spans, 'colspan', 1, 1000, 1),
    rowSpan: spanAttribute(spans, 'rowspan', 0, 65534, 1),
  };
}

/**
 * Adds the tables in a cell's content to `tables`, not looking inside them: their own cells
 * marked the tables within (the tree is built from the leaves up), so each box is visited once.
 */
function markTablesIn(content: Box, tables: WeakSet<TableBox>): void {
  const stack: Box[] = [content];
  for (let box = stack.pop(); box !== undefined; box = stack.pop()) {
    if (box.kind === 'table-wrapper') tables.add(box.table);
    else if (box.kind === 'out-of-flow') stack.push(box.box);
    else for (const child of childBoxes(box)) stack.push(child);
  }
}

/** Columns of a group; a group without `<col>` children stands for `span` columns (HTML §4.9.3). */
function columnGroup(element: BoxElement, style: ComputedStyle, children: readonly Box[], spans: BoxElement | undefined): TableColumnGroupBox {
  const columns = children.filter((child): child is TableColumnBox => child.kind === 'table-column');
  const span = columns.length > 0 ? columns.reduce((sum, column) => sum + column.span, 0) : spanAttribute(spans, 'span', 1, 1000, 1);
  return { kind: 'table-column-group', style, element, pseudo: undefined, span, columns };
}

/**
 * CSS2 §17.2.1 steps 1-2: each run of children that are not `proper` (rows of a row group, cells
 * of a row) is wrapped in an anonymous row or cell with the parent's `style`; a run of white
 * space alone between proper children is dropped. Plain loops, no closures: this runs for every
 * row of a table.
 */
function wrapRuns(children: readonly Box[], proper: 'table-row' | 'table-cell', style: ComputedStyle, parts: TableParts): Box[] {
  const out: Box[] = [];
  let run: Box[] | undefined;
  for (const child of children) {
    if (child.kind === proper) {
      if (run !== undefined) wrapRun(out, run, proper, style, parts);
      run = undefined;
      out.push(child);
    } else {
      (run ??= []).push(child);
    }
  }
  if (run !== undefined) wrapRun(out, run, proper, style, parts);
  return exactLength(out);
}

function wrapRun(out: Box[], run: Box[], proper: 'table-row' | 'table-cell', style: ComputedStyle, parts: TableParts): void {
  if (run.every(isWhiteSpace)) return;
  const anonymous = parts.anonymousStyle(style, proper);
  out.push(proper === 'table-row' ? row(undefined, anonymous, run, parts) : cell(undefined, anonymous, run, parts));
}
