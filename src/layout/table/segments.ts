/**
 * Collapsed borders of the rows on one page, as segments between grid lines (CSS2 §17.6.2): a
 * vertical segment per row and line, a horizontal one per column and line between displayed rows
 * (a repeated header meets the first body row of the page), centred on the line. Horizontal
 * segments reach over the vertical borders they meet, so corners are filled.
 */
import type { CollapsedBorderSegment } from '../types.js';
import type { TableGeometry } from './geometry.js';
import type { TablePlan } from './plan.js';
import type { PlacedRow } from './paginate.js';
import type { CollapsedBorder } from './collapse.js';
import { horizontalEdge } from './collapse.js';

export function collapsedSegments(plan: TablePlan, geometry: TableGeometry, rows: readonly PlacedRow[]): CollapsedBorderSegment[] {
  const vertical = plan.verticalEdges;
  if (vertical === undefined || rows.length === 0) return [];
  const { x, widths } = geometry.columns;
  const n = widths.length;
  const lineX = (line: number): number => (line < n ? x[line]! : x[n - 1]! + widths[n - 1]!);
  const out: CollapsedBorderSegment[] = [];
  const push = (edge: CollapsedBorder, vertical: boolean, sx: number, sy: number, w: number, h: number): void => {
    if (edge.width > 0) out.push({ x: sx, y: sy, width: w, height: h, vertical, style: edge.style, color: edge.color });
  };
  const verticalWidth = (row: number | undefined, line: number): number => (row === undefined ? 0 : vertical[row]![line]!.width);
  rows.forEach((row, p) => {
    const r = row.laid.index;
    for (let line = 0; line <= n; line++) {
      const edge = vertical[r]![line]!;
      push(edge, true, lineX(line) - edge.width / 2, row.y, edge.width, row.height);
    }
    const above = p > 0 ? rows[p - 1]!.laid.index : undefined;
    horizontalLine(above, r, row.y);
  });
  const last = rows[rows.length - 1]!;
  horizontalLine(last.laid.index, undefined, last.y + last.height);
  return out;

  function horizontalLine(above: number | undefined, below: number | undefined, y: number): void {
    for (let c = 0; c < n; c++) {
      const edge = horizontalEdge(plan.grid, plan.table, above, below, c);
      const start = Math.max(verticalWidth(above, c), verticalWidth(below, c)) / 2;
      const end = Math.max(verticalWidth(above, c + 1), verticalWidth(below, c + 1)) / 2;
      push(edge, false, lineX(c) - start, y - edge.width / 2, lineX(c + 1) - lineX(c) + start + end, edge.width);
    }
  }
}
