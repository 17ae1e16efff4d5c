/**
 * What the table box holds on a page, in paint order (tree order is paint order): the background
 * layers that show through the cells (column groups, columns, row groups, rows: CSS2 §17.5.1),
 * then the cells. A positioned, transformed or translucent row or row group (relative-parts.ts
 * `isLayered`) is one fragment holding its cells, painted as a layer as Chromium paints it (its
 * transform and opacity apply to its cells): its background, then its cells and the boxes it
 * holds, over the table's other rows — not its background over its own cells. The column backgrounds stay in the table's layer (Chromium paints them there too). In the
 * collapsing model, what paints over the table's collapsed borders — a positioned cell, a layered
 * row or row group — paints its background inside the cells' padding boxes, leaving the borders
 * seen, as Chromium does.
 */
import type { Box, TableRowBox, TableRowGroupBox } from '../../boxes/types.js';
import { NO_SIDES } from '../../geometry/types.js';
import type { Rect } from '../../geometry/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { BoxFragment, Fragment } from '../types.js';
import { offsetFragment } from '../fragment.js';
import type { GridCell, TableGrid } from './grid.js';
import type { TablePlan } from './plan.js';
import { isLayered } from './relative-parts.js';
import { appendAll, maxOf, minOf } from '../../append-all.js';
import { boxFragment, withBoxFields } from '../fragment-records.js';

export interface PlacedCell {
  readonly cell: GridCell;
  readonly fragment: BoxFragment;
}

/**
 * The table's children on a page: its cells, the layers behind them, and `held` (the boxes that
 * positioned rows and row groups hold, in the table's frame).
 */
export function tableChildren(plan: TablePlan, cells: readonly PlacedCell[], held: ReadonlyMap<TableRowBox | TableRowGroupBox, Fragment[]> | undefined): Fragment[] {
  // moved cells leave the box of their row: its background is drawn in its cells only
  const clip = !plan.collapse || plan.parts.offset;
  if (!plan.parts.layered) {
    const out: Fragment[] = backgroundLayers(plan, cells, 0, LAYERS, clip);
    for (const c of cells) out.push(cellFragment(plan, c));
    if (held !== undefined) for (const boxes of held.values()) appendAll(out, boxes);
    return out;
  }
  return layeredChildren(plan, cells, held, clip);
}

/** Cells grouped by the layer they paint in: the table's, a layered row's or a layered row group's. */
function layeredChildren(plan: TablePlan, cells: readonly PlacedCell[], held: ReadonlyMap<TableRowBox | TableRowGroupBox, Fragment[]> | undefined, clip: boolean): Fragment[] {
  const grid = plan.grid;
  const inTable: PlacedCell[] = [];
  const inRow = new Map<TableRowBox, PlacedCell[]>();
  const inGroup = new Map<TableRowGroupBox, PlacedCell[]>();
  /** Every cell of each layered group, its layered rows' included (the group's box). */
  const ofGroup = new Map<TableRowGroupBox, PlacedCell[]>();
  for (const placed of cells) {
    const { box: row, group } = grid.rows[placed.cell.row]!;
    if (isLayered(group.style)) push(ofGroup, group, placed);
    if (isLayered(row.style)) push(inRow, row, placed);
    else if (isLayered(group.style)) push(inGroup, group, placed);
    else inTable.push(placed);
  }
  const out: Fragment[] = backgroundLayers(plan, cells, 0, GROUP_LAYER, clip);
  appendAll(out, backgroundLayers(plan, inTable, GROUP_LAYER, LAYERS, clip));
  for (const c of inTable) out.push(cellFragment(plan, c));
  const rowsInGroup = new Map<TableRowGroupBox, BoxFragment[]>();
  for (const [row, own] of inRow) {
    const layer = partLayer(plan, row, own, own.map((c) => cellFragment(plan, c)), held?.get(row));
    const group = grid.rows[own[0]!.cell.row]!.group;
    if (isLayered(group.style)) push(rowsInGroup, group, layer);
    else out.push(layer);
  }
  for (const [group, all] of ofGroup) {
    const own = inGroup.get(group) ?? [];
    const children: Fragment[] = backgroundLayers(plan, own, ROW_LAYER, LAYERS, clip);
    for (const c of own) children.push(cellFragment(plan, c));
    appendAll(children, rowsInGroup.get(group) ?? []);
    out.push(partLayer(plan, group, all, children, held?.get(group)));
  }
  return out;
}

/** A layered row or row group: its background over its cells' boxes, holding `children` and `held` (in the table's frame). */
function partLayer(plan: TablePlan, box: TableRowBox | TableRowGroupBox, cells: readonly PlacedCell[], children: readonly Fragment[], held: readonly Fragment[] | undefined): BoxFragment {
  const layer = layerFragment(box, cells.map(cellRect), true);
  if (plan.collapse) layer.backgroundOnlyIn = cells.map((c) => inLayer(paddingRect(c.fragment), layer));
  const inside: Fragment[] = [];
  for (const child of children) inside.push(offsetFragment(child, -layer.x, -layer.y));
  if (held !== undefined) for (const child of held) inside.push(offsetFragment(child, -layer.x, -layer.y));
  layer.children = inside;
  return layer;
}

/** A cell's fragment as painted: a positioned one in the collapsing model keeps its background off the collapsed borders. */
function cellFragment(plan: TablePlan, placed: PlacedCell): BoxFragment {
  const f = placed.fragment;
  if (!plan.collapse || f.style.position === 'static') return f;
  return withBoxFields(f, { backgroundOnlyIn: [inLayer(paddingRect(f), f)] });
}

/** A cell's padding box: in the collapsing model its border is half of the collapsed borders around it. */
function paddingRect(f: BoxFragment): Rect {
  const b = f.border;
  return { x: f.x + b.left, y: f.y + b.top, width: Math.max(0, f.width - b.left - b.right), height: Math.max(0, f.height - b.top - b.bottom) };
}

/** A rect of the table's frame in the frame of `layer`'s border box. */
function inLayer(rect: Rect, layer: { readonly x: number; readonly y: number }): Rect {
  return { ...rect, x: rect.x - layer.x, y: rect.y - layer.y };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function cellRect({ fragment: f }: PlacedCell): Rect {
  return { x: f.x, y: f.y, width: f.width, height: f.height };
}

function paints(style: ComputedStyle): boolean {
  return style.visibility === 'visible' && (style.backgroundColor.a > 0 || style.backgroundImage.some((image) => image !== 'none'));
}

/**
 * CSS2 §17.5.1: the backgrounds of column groups, columns, row groups and rows show through
 * transparent cells, each layer over the one before, inside each cell's box only (never in the
 * border spacing). One fragment per layer box that paints, over the whole area of its cells on
 * the page, so that one gradient or image spans a row group as in browsers; in the separated
 * model (or when cells moved) it paints only inside its cells. `border-radius` does not apply to
 * these internal boxes (CSS Backgrounds 3 §5.3; browsers ignore it in both models): a rounded
 * `<thead>` is square. Layers `from` up to `to` (excluded).
 */
function backgroundLayers(plan: TablePlan, cells: readonly PlacedCell[], from: number, to: number, clipToCells: boolean): BoxFragment[] {
  const out: BoxFragment[] = [];
  const layered = plan.parts.layered;
  for (let layer = from; layer < to; layer++) {
    const cellsOf = new Map<Box, Rect[]>();
    for (const placed of cells) {
      const box = layerBox(plan.grid, placed.cell, layer);
      // a layered row or row group paints its own background (partLayer)
      if (box === undefined || !paints(box.style) || (layered && layer >= GROUP_LAYER && isLayered(box.style))) continue;
      const rects = cellsOf.get(box);
      const rect = cellRect(placed);
      if (rects === undefined) cellsOf.set(box, [rect]);
      else rects.push(rect);
    }
    for (const [box, rects] of cellsOf) out.push(layerFragment(box, rects, clipToCells));
  }
  return out;
}

/** Column groups, columns, row groups, rows: the layers under the cells, bottom first. */
const LAYERS = 4;
const GROUP_LAYER = 2;
const ROW_LAYER = 3;

/** The box of layer `layer` over a cell (a switch, not a list of closures made per page). */
function layerBox(grid: TableGrid, cell: GridCell, layer: number): Box | undefined {
  switch (layer) {
    case 0: return grid.columnGroups[cell.column];
    case 1: return grid.columns[cell.column];
    case GROUP_LAYER: return grid.rows[cell.row]!.group;
    default: return grid.rows[cell.row]!.box;
  }
}

const SQUARE: ComputedStyle['borderTopLeftRadius'] = [0, 0];

function layerFragment(box: Box, cells: readonly Rect[], clipToCells: boolean): { -readonly [K in keyof BoxFragment]: BoxFragment[K] } {
  const x = minOf(cells.map((r) => r.x));
  const y = minOf(cells.map((r) => r.y));
  const width = maxOf(cells.map((r) => r.x + r.width)) - x;
  const height = maxOf(cells.map((r) => r.y + r.height)) - y;
  const style = { ...box.style, borderTopLeftRadius: SQUARE, borderTopRightRadius: SQUARE, borderBottomRightRadius: SQUARE, borderBottomLeftRadius: SQUARE };
  const relative = cells.map((r) => ({ ...r, x: r.x - x, y: r.y - y }));
  // a record (partLayer sets its children and clip once they are placed in its frame)
  return boxFragment({
    box, style, x, y, width, height, border: NO_SIDES, padding: NO_SIDES, children: [], continuedBefore: false, continuedAfter: false,
    backgroundOnlyIn: clipToCells ? relative : undefined,
  });
}
