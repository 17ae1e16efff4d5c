/**
 * Collapsed borders of the rows on one page, as segments between grid lines (CSS2 §17.6.2): a
 * vertical segment per row and line, a horizontal one per column and line between displayed rows
 * (a repeated header meets the first body row of the page), centred on the line. Where the table
 * breaks, the edge between the rows on either side of the break closes each page (as WeasyPrint
 * draws it). Horizontal segments reach over the vertical borders they meet, and the wider border
 * is painted last, so it wins at a junction.
 */
import type { Rect } from '../../geometry/types.js';
import type { CollapsedBorderSegment } from '../types.js';
import type { TableGeometry } from './geometry.js';
import type { TablePlan } from './plan.js';
import type { PlacedRow } from './paginate.js';
import type { CollapsedBorder } from './collapse.js';
import { edgesBetween } from './collapse.js';

/** Where the table breaks around this page; a row split inside its cells has no border at the break (it is sliced). */
export interface Breaks {
  readonly continued: boolean;
  readonly broken: boolean;
  readonly resumedRow: number | undefined;
  readonly splitRow: number | undefined;
}

export function collapsedSegments(plan: TablePlan, geometry: TableGeometry, rows: readonly PlacedRow[], breaks: Breaks): CollapsedBorderSegment[] {
  const edges = plan.edges;
  if (edges === undefined || rows.length === 0) return [];
  const vertical = edges.vertical;
  const { x, widths } = geometry.columns;
  const n = widths.length;
  const rtl = plan.table.style.direction === 'rtl';
  // grid line `line` is the start edge of column `line` (its right edge in a right-to-left table)
  const lineX = (line: number): number => (rtl
    ? (line < n ? x[line]! + widths[line]! : x[n - 1]!)
    : (line < n ? x[line]! : x[n - 1]! + widths[n - 1]!));
  const out: CollapsedBorderSegment[] = [];
  const push = (edge: CollapsedBorder, vertical: boolean, at: Rect): void => {
    if (edge.width > 0) out.push({ x: at.x, y: at.y, width: at.width, height: at.height, vertical, style: edge.style, color: edge.color });
  };
  // the horizontal lines: above each displayed row, and below the last
  const lines: { y: number; edges: readonly CollapsedBorder[] | undefined }[] = rows.map((row, p) => {
    const r = row.laid.index;
    const above = p > 0 ? rows[p - 1]!.laid.index : breaks.continued && r > plan.grid.headerRows ? r - 1 : undefined;
    return { y: row.y, edges: r === breaks.resumedRow ? undefined : horizontalEdges(above, r) };
  });
  const last = rows[rows.length - 1]!;
  const afterLast = breaks.broken && last.laid.index + 1 < plan.grid.rows.length - plan.grid.footerRows ? last.laid.index + 1 : undefined;
  lines.push({ y: last.y + last.height, edges: last.laid.index === breaks.splitRow ? undefined : horizontalEdges(last.laid.index, afterLast) });
  /** Half the widest horizontal border meeting grid line `line` on horizontal line `i`. */
  const halfAcross = (i: number, line: number): number => {
    const edges = lines[i]!.edges;
    if (edges === undefined) return 0;
    return Math.max(line > 0 ? edges[line - 1]!.width : 0, line < n ? edges[line]!.width : 0) / 2;
  };
  rows.forEach((row, p) => {
    for (let line = 0; line <= n; line++) {
      const edge = vertical[row.laid.index]![line]!;
      const top = halfAcross(p, line);
      const bottom = halfAcross(p + 1, line);
      push(edge, true, { x: lineX(line) - edge.width / 2, y: row.y - top, width: edge.width, height: row.height + top + bottom });
    }
  });
  const verticalWidth = (p: number, line: number): number => (p >= 0 && p < rows.length ? vertical[rows[p]!.laid.index]![line]!.width : 0);
  lines.forEach(({ y, edges }, i) => {
    if (edges === undefined) return;
    for (let c = 0; c < n; c++) {
      const edge = edges[c]!;
      const start = Math.max(verticalWidth(i - 1, c), verticalWidth(i, c)) / 2;
      const end = Math.max(verticalWidth(i - 1, c + 1), verticalWidth(i, c + 1)) / 2;
      const from = Math.min(lineX(c), lineX(c + 1));
      const to = Math.max(lineX(c), lineX(c + 1));
      const [before, after] = rtl ? [end, start] : [start, end];
      push(edge, false, { x: from - before, y: y - edge.width / 2, width: to - from + before + after, height: edge.width });
    }
  });
  // the wider border is painted last, so it owns the junction (stable: tree order among equals)
  return out.sort((a, b) => (a.vertical ? a.width : a.height) - (b.vertical ? b.width : b.height));

  function horizontalEdges(above: number | undefined, below: number | undefined): readonly CollapsedBorder[] {
    return edgesBetween(edges!, above, below);
  }
}
