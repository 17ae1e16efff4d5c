/**
 * What a table's layout needs that does not depend on the width it gets: its grid, the border
 * model, the box each cell is laid out as (with half of the collapsed borders, CSS2 §17.6.2), and
 * the min-/max-content widths of its columns. Made once per table and render (kept in the layout
 * caches), so that every page of a long table, and every measuring run, reuses it.
 */
import type { BlockBox, BlockFlowBox, InlineFlowBox, TableBox, TableWrapperBox, VerticalMode } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { Sides } from '../../geometry/types.js';
import type { LayoutContext } from '../contract.js';
import { cacheKey } from '../contract.js';
import { usedBorder } from '../box-model.js';
import type { GridCell, TableGrid } from './grid.js';
import { buildTableGrid } from './grid.js';
import type { CollapsedBorder, CollapsedEdges } from './collapse.js';
import type { AllCarried, OptionalKeys } from '../fragment.js';
import { SIDE_BORDERS, collapsedEdges } from './collapse.js';
import type { TableParts } from './relative-parts.js';
import { tableParts } from './relative-parts.js';
import { withStyle } from '../../css/compute.js';
import { isVerticalRoot } from '../orthogonal.js';

/** Tables' grids, border models and column widths. */
const PLANS = cacheKey('tables', () => new WeakMap<TableWrapperBox, TablePlan>());

export interface TablePlan {
  readonly wrapper: TableWrapperBox;
  readonly table: TableBox;
  readonly grid: TableGrid;
  readonly collapse: boolean;
  /** [horizontal, vertical] spacing between cells and around them (0 when borders collapse). */
  readonly spacing: readonly [number, number];
  /** The table box's used border: its own, or half of the collapsed outer edges. */
  readonly border: Sides;
  /** The styles of the boxes cells are laid out as (see `cellBox`), one per base style and variant. */
  readonly cellStyles: CellStyles;
  /** The table box's style as painted: in the collapsing model its borders are painted as segments, not by the box. */
  readonly tableStyle: ComputedStyle;
  /** The collapsed borders of every grid edge (collapse model only). */
  readonly edges: CollapsedEdges | undefined;
  /** Whether rows or row groups paint as layers, and whether parts move by relative offsets (relative-parts.ts). */
  readonly parts: TableParts;
}

export function tablePlan(wrapper: TableWrapperBox, ctx: LayoutContext): TablePlan {
  let plan = ctx.caches.of(PLANS).get(wrapper);
  if (plan === undefined) {
    plan = makePlan(wrapper, ctx);
    ctx.caches.of(PLANS).set(wrapper, plan);
  }
  return plan;
}

function makePlan(wrapper: TableWrapperBox, ctx: LayoutContext): TablePlan {
  const table = wrapper.table;
  const grid = buildTableGrid(table);
  const collapse = table.style.borderCollapse === 'collapse';
  const cellStyles = new CellStyles();
  const parts = tableParts(grid);
  if (!collapse) {
    return { wrapper, table, grid, collapse, spacing: table.style.borderSpacing, border: usedBorder(table.style), cellStyles, tableStyle: table.style, edges: undefined, parts };
  }
  const edges = collapsedEdges({ grid, table, borders: ctx.caches.of(SIDE_BORDERS) });
  const tableStyle: ComputedStyle = withStyle(table.style, { borderTopColor: TRANSPARENT, borderRightColor: TRANSPARENT, borderBottomColor: TRANSPARENT, borderLeftColor: TRANSPARENT });
  return { wrapper, table, grid, collapse, spacing: [0, 0], border: outerHalfBorders(grid, edges), cellStyles, tableStyle, edges, parts };
}

/**
 * The box a cell is laid out as: its content box, or a copy with the style the table model gives
 * it. Made when asked, not kept: a long table holds no copy per cell (a cell laid out on two
 * pages gets two equal copies; their styles are shared).
 */
export function cellBox(plan: TablePlan, cell: GridCell): BlockBox {
  return plan.edges === undefined ? separateCellBox(cell, plan.cellStyles) : collapsedCellBox(cell, plan.edges, plan.cellStyles);
}

const TRANSPARENT = { r: 0, g: 0, b: 0, a: 0 };

/**
 * A cell's box laid out with an auto height: its `height` is a minimum of its row (CSS2 §17.5.3),
 * not the height of its content, which `vertical-align` places within the row (a 60px header cell
 * of `vertical-align: bottom` has its text at the bottom). The same box when its height is auto.
 */
export function autoHeightCellBox(plan: TablePlan, box: BlockBox): BlockBox {
  if (box.style.height === 'auto') return box;
  // a vertical cell's height is the length its lines take (orthogonal.ts), fixed as in Chromium:
  // a longer word runs past it rather than growing the row (a rotated "Mathematics" head)
  const flow = verticalCellContent(box);
  if (flow !== undefined) {
    const length = verticalCellOwnLength(box.style);
    return length === undefined ? box : verticalCellAt(plan, box, flow, length);
  }
  const copy = restyled(box, plan.cellStyles.variant(box.style, 'auto height', () => ({ ...box.style, height: 'auto' })));
  // its lines' percentage heights are still of the height the cell sets (as Chromium)
  if (copy.inlineContent) (copy as { containerStyle?: ComputedStyle }).containerStyle = box.style;
  return copy;
}

/**
 * The vertical flow a cell of vertical writing mode holds (boxes/build.ts: an anonymous block, the
 * orthogonal flow root). Not a vertical block in a horizontal cell: that one keeps its own height
 * and the cell's `vertical-align` (a rotated column head).
 */
export function verticalCellContent(box: BlockBox): VerticalFlow | undefined {
  if (box.style.writingMode === 'horizontal-tb') return undefined;
  const child = box.children.length === 1 ? box.children[0]! : undefined;
  return child !== undefined && isVerticalRoot(child) ? child : undefined;
}

export type VerticalFlow = BlockBox & { readonly verticalRoot: VerticalMode };

/**
 * The length a vertical cell's own `height` gives its lines: its content height (a border-box
 * height less its fixed padding and borders). Undefined when the height is not a length.
 */
export function verticalCellOwnLength(style: ComputedStyle): number | undefined {
  const { height } = style;
  if (typeof height !== 'number') return undefined;
  if (style.boxSizing !== 'border-box') return height;
  const padding = (v: ComputedStyle['paddingTop']): number => (typeof v === 'number' ? v : 0);
  return Math.max(0, height - style.borderTopWidth - style.borderBottomWidth - padding(style.paddingTop) - padding(style.paddingBottom));
}

/**
 * A vertical cell whose lines are `length` long (its vertical flow's `height`): the cell and the
 * flow restyled, the flow's style made once per table for each length.
 */
export function verticalCellAt(plan: TablePlan, box: BlockBox, flow: VerticalFlow, length: number): BlockBox {
  const style = plan.cellStyles.variant(flow.style, `lines ${length}`, () => ({ ...flow.style, height: length }));
  return { ...box, children: [{ ...flow, style }] };
}

/** Cells have no margins (CSS2 §17.5); an empty cell with `empty-cells: hide` paints nothing (§17.6.1.1). */
function separateCellBox(cell: GridCell, styles: CellStyles): BlockBox {
  const content = cell.cell.content;
  const style = content.style;
  const hidden = style.emptyCells === 'hide' && isEmptyCell(content);
  if (!hasMargins(style) && !hidden) return content;
  if (!hidden) return restyled(content, styles.variant(style, 'no margins', () => ({ ...style, ...NO_MARGINS })));
  return restyled(content, styles.variant(style, 'hidden', () => ({
    ...style, ...NO_MARGINS, backgroundColor: TRANSPARENT, backgroundImage: ['none'], boxShadow: [],
    borderTopColor: TRANSPARENT, borderRightColor: TRANSPARENT, borderBottomColor: TRANSPARENT, borderLeftColor: TRANSPARENT,
  })));
}

const NO_MARGINS = { marginTop: 0, marginRight: 0, marginBottom: 0, marginLeft: 0 } as const;

function isEmptyCell(content: BlockBox): boolean {
  return content.children.every((child) => child.kind === 'out-of-flow' || (child.kind === 'text' && child.text.trim() === ''));
}

function hasMargins(style: ComputedStyle): boolean {
  return style.marginTop !== 0 || style.marginRight !== 0 || style.marginBottom !== 0 || style.marginLeft !== 0;
}

/**
 * A cell in the collapsing model: half of each collapsed border on its edges is inside its border
 * box (CSS2 §17.6.2); the table paints the borders themselves, so the cell's own are transparent.
 */
function collapsedCellBox(cell: GridCell, edges: CollapsedEdges, styles: CellStyles): BlockBox {
  const content = cell.cell.content;
  const top = widestOver(edges.horizontal[cell.row]!, cell.column, cell.colSpan);
  const bottom = widestOver(edges.horizontal[cell.row + cell.rowSpan]!, cell.column, cell.colSpan);
  // the sides are the widest over the rows the cell spans, as Chromium takes them
  const [left, right] = physicalSides(edges, widestDown(edges, cell.column, cell.row, cell.rowSpan), widestDown(edges, cell.column + cell.colSpan, cell.row, cell.rowSpan));
  return restyled(content, styles.halfBorders(cell.column, content.style, { top: top / 2, right: right / 2, bottom: bottom / 2, left: left / 2 }));
}

/**
 * The styles of a table's cells as laid out, one per base style and variant (cells of a column
 * share their style, so do their variants), with the last few half-border variants of each column
 * at hand: a long table asks for every cell twice (columns, then rows), mostly the same variant —
 * of one of a few base styles (header cells, striped rows alternating two), and a miss builds the
 * variant's key from four numbers.
 */
class CellStyles {
  private readonly variants = new Map<ComputedStyle, Map<string, ComputedStyle>>();
  private readonly recent: RecentHalfBorders[][] = [];

  variant(base: ComputedStyle, key: string, make: () => ComputedStyle): ComputedStyle {
    let variants = this.variants.get(base);
    if (variants === undefined) {
      variants = new Map();
      this.variants.set(base, variants);
    }
    let style = variants.get(key);
    if (style === undefined) {
      style = make();
      variants.set(key, style);
    }
    return style;
  }

  /** `base` with these half borders (CSS2 §17.6.2), transparent: the table paints the borders. */
  halfBorders(column: number, base: ComputedStyle, half: Sides): ComputedStyle {
    const { top, right, bottom, left } = half;
    const recent = (this.recent[column] ??= []);
    for (const last of recent) {
      if (last.base === base && last.top === top && last.right === right && last.bottom === bottom && last.left === left) return last.style;
    }
    const style = this.variant(base, `${top} ${right} ${bottom} ${left}`, () => ({
      ...base,
      ...NO_MARGINS,
      borderTopWidth: top, borderRightWidth: right, borderBottomWidth: bottom, borderLeftWidth: left,
      borderTopStyle: 'solid', borderRightStyle: 'solid', borderBottomStyle: 'solid', borderLeftStyle: 'solid',
      borderTopColor: TRANSPARENT, borderRightColor: TRANSPARENT, borderBottomColor: TRANSPARENT, borderLeftColor: TRANSPARENT,
    }));
    if (recent.length >= RECENT_PER_COLUMN) recent.pop();
    recent.unshift({ base, top, right, bottom, left, style });
    return style;
  }
}

interface RecentHalfBorders {
  readonly base: ComputedStyle;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
  readonly style: ComputedStyle;
}

/** Half-border variants kept at hand per column: enough for a header row and two alternating row styles. */
const RECENT_PER_COLUMN = 4;

/** restyled() copies field by field: this fails to compile when either kind of block box gains an optional field it does not carry over. */
export const CELL_COPIES_CARRY_ALL: AllCarried<Exclude<OptionalKeys<BlockFlowBox> | OptionalKeys<InlineFlowBox>, 'marker' | 'imageFallback' | 'verticalRoot' | 'verticalSource' | 'legend' | 'firstLine' | 'lineStyle' | 'initialLetter' | 'naturalWidth' | 'wholePixelWidths' | 'baselineAtMarginEdge' | 'ruby' | 'textBoxTrim' | 'containerStyle'
  // a cell is never taken out of an inline box, nor cut around a spanner (it is a formatting context root)
  | 'decoratedBy' | 'resumesAfterSpanner'>> = true;

/** The cell's content box with another style (field by field: a spread of boxes takes V8's slow generic copy). */
function restyled(content: BlockBox, style: ComputedStyle): BlockBox {
  const copy = { kind: 'block', outer: content.outer, style, element: content.element, pseudo: content.pseudo, children: content.children, inlineContent: content.inlineContent } as { -readonly [K in keyof BlockBox]: BlockBox[K] };
  if (content.marker !== undefined) copy.marker = content.marker;
  if (content.imageFallback !== undefined) copy.imageFallback = content.imageFallback;
  if (content.verticalRoot !== undefined) copy.verticalRoot = content.verticalRoot;
  if (content.verticalSource !== undefined) copy.verticalSource = content.verticalSource;
  if (content.legend !== undefined) copy.legend = content.legend;
  if (content.initialLetter !== undefined) copy.initialLetter = content.initialLetter;
  if (content.ruby !== undefined) copy.ruby = content.ruby;
  if (content.textBoxTrim !== undefined) copy.textBoxTrim = content.textBoxTrim;
  // the ::first-line content (boxes/first-line.ts): inline layout reads nothing of the style changed here
  if (content.inlineContent && content.firstLine !== undefined) (copy as { firstLine?: BlockBox }).firstLine = content.firstLine;
  if (content.inlineContent && content.containerStyle !== undefined) (copy as { containerStyle?: ComputedStyle }).containerStyle = content.containerStyle;
  return copy as BlockBox;
}

/** The widest of `count` edges from `start`. */
function widestOver(line: readonly CollapsedBorder[], start: number, count: number): number {
  let max = 0;
  for (let c = start; c < start + count; c++) max = Math.max(max, line[c]!.width);
  return max;
}

/** The widest of the edges on vertical grid line `line` in `count` rows from `row`. */
function widestDown(edges: CollapsedEdges, line: number, row: number, count: number): number {
  let max = 0;
  for (let r = row; r < row + count; r++) max = Math.max(max, edges.vertical[r]![line]!.width);
  return max;
}

/**
 * The table's border is half of the widest collapsed border on each of its outer edges: the top
 * and bottom over the columns, the sides over all rows, as Chromium 156 takes them (CSS2 §17.6.2
 * takes the sides from the first row only, so that a wider border lower down sticks out of the
 * table's box).
 */
function outerHalfBorders(grid: TableGrid, edges: CollapsedEdges): Sides {
  const rows = grid.rows.length;
  if (rows === 0) return { top: 0, right: 0, bottom: 0, left: 0 };
  // the sides are the widest at each side over all rows, as Chromium takes them
  const [left, right] = physicalSides(edges, widestDown(edges, 0, 0, rows), widestDown(edges, grid.columnCount, 0, rows));
  return {
    top: widestOver(edges.horizontal[0]!, 0, grid.columnCount) / 2,
    bottom: widestOver(edges.horizontal[rows]!, 0, grid.columnCount) / 2,
    left: left / 2,
    right: right / 2,
  };
}

/** Widths on a row's start and end grid lines as [left, right]: a right-to-left table starts on the right. */
function physicalSides(edges: CollapsedEdges, start: number, end: number): [number, number] {
  return edges.source.table.style.direction === 'rtl' ? [end, start] : [start, end];
}
